import Foundation

/// Splits a `text/event-stream` body into events by the WHATWG rules (HTML, "Server-sent events", parsing an event
/// stream), fed in pieces as they arrive: a leading BOM is skipped; lines end in LF, CR or CRLF (a CRLF split across
/// two pieces counts once); `:` starts a comment; `data`, `event`, `id` and `retry` fields; an empty line dispatches the
/// event; an event whose blank line never came is dropped at the end. A line, or an event's data, longer than
/// `maxEventSize` stops the parser (`isOverLimit`): a hostile server must not make it hold the whole body.
public struct ServerSentEventParser: Sendable {
    /// The most bytes a line, or an event's data lines together, may hold.
    public let maxEventSize: Int
    /// True once a line or an event went past `maxEventSize`; nothing more is read after it.
    public private(set) var isOverLimit = false
    /// The bytes of data lines read for the event being read.
    private var eventBytes = 0
    /// The bytes of the line being read.
    private var line: [UInt8] = []
    /// The previous piece ended in CR: an LF starting this one ends the same line.
    private var afterCR = false
    /// Bytes of a possible BOM at the very start of the stream, until it is known whether it is one.
    private var start: [UInt8] = []
    private var pastStart = false
    private var data = ""
    private var hasData = false
    private var eventType = ""
    /// The last event ID buffer: it outlives the event it came with, as the spec says.
    public private(set) var lastEventID: String?
    /// The reconnection time in milliseconds the stream last set with `retry`; nil when it set none.
    public private(set) var retry: Int?

    /// A parser at the start of a stream, holding at most `maxEventSize` bytes of one event.
    public init(maxEventSize: Int = Request.Configuration.defaultMaxEventSize) {
        self.maxEventSize = maxEventSize
    }

    /// Reads the next piece of the body and returns the events it completed, stamped with `time`.
    public mutating func feed(_ bytes: some Sequence<UInt8>, time: TimeInterval = 0) -> [StreamEvent] {
        var events: [StreamEvent] = []
        guard !isOverLimit else { return events }
        // Scanned in place when the piece is contiguous (Data, arrays): a byte-at-a-time loop through the generic
        // sequence ran at about 75 MB/s, under the 200 MB/s issue 28 asks for (Benchmarks/RESULTS.md).
        let scanned: Void? = bytes.withContiguousStorageIfAvailable { read($0, time: time, into: &events) }
        if scanned == nil { Array(bytes).withUnsafeBufferPointer { read($0, time: time, into: &events) } }
        return events
    }

    /// The end of the stream: an event still being read had no blank line after it and is dropped, as the spec says.
    public mutating func finish() -> [StreamEvent] {
        line = []
        data = ""
        hasData = false
        eventType = ""
        eventBytes = 0
        return []
    }

    private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, time: TimeInterval, into events: inout [StreamEvent]) {
        var index = 0
        while !pastStart, index < bytes.count {
            // The BOM is three bytes and may be cut between pieces: hold the first bytes until they tell.
            start.append(bytes[index])
            index += 1
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            if start.count < 3, Array(bom.prefix(start.count)) == start { continue }
            pastStart = true
            let held = start == bom ? [] : start
            start = []
            held.withUnsafeBufferPointer { readLines($0, time: time, into: &events) }
        }
        guard index < bytes.count else { return }
        readLines(UnsafeBufferPointer(rebasing: bytes[index...]), time: time, into: &events)
    }

    /// Splits `bytes` at CR, LF and CRLF; a line cut at the end of the piece waits in `line` for the rest.
    private mutating func readLines(_ bytes: UnsafeBufferPointer<UInt8>, time: TimeInterval, into events: inout [StreamEvent]) {
        var index = 0
        while index < bytes.count, !isOverLimit {
            if afterCR {
                afterCR = false
                if bytes[index] == 0x0A {
                    index += 1
                    continue
                }
            }
            let end = Self.lineEnd(in: bytes, from: index)
            guard line.count + (end - index) <= maxEventSize else {
                return overLimit()
            }
            guard end < bytes.count else {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index...]))
                return
            }
            afterCR = bytes[end] == 0x0D
            if line.isEmpty {
                // The whole line is in this piece: read it where it lies.
                endLine(UnsafeBufferPointer(rebasing: bytes[index..<end]), time: time, into: &events)
            } else {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                let whole = line
                line.removeAll()
                whole.withUnsafeBufferPointer { endLine($0, time: time, into: &events) }
            }
            index = end + 1
        }
    }

    /// Where the line starting at `index` ends: the first CR or LF, or the end of `bytes`.
    private static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        guard index < bytes.count else { return bytes.count }
        let feed = bytes.firstIndex(of: 0x0A, from: index, count: bytes.count - index) ?? bytes.count
        // A CR alone also ends a line; it is rare, so it is looked for only before the line feed.
        return bytes.firstIndex(of: 0x0D, from: index, count: feed - index) ?? feed
    }

    private mutating func endLine(_ line: UnsafeBufferPointer<UInt8>, time: TimeInterval, into events: inout [StreamEvent]) {
        guard let first = line.first else { return dispatch(time: time, into: &events) }
        if first == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = UnsafeBufferPointer(rebasing: line[..<(colon ?? line.count)])
        var valueStart = colon.map { $0 + 1 } ?? line.count
        if valueStart < line.count, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = UnsafeBufferPointer(rebasing: line[valueStart...])
        // Field names compared as bytes: only the ASCII names below mean anything, so no String is made for them.
        if field.elementsEqual("data".utf8) {
            eventBytes += value.count + (hasData ? 1 : 0)
            guard eventBytes <= maxEventSize else { return overLimit() }
            // Joined by LF; the spec appends one after every line and drops the last at dispatch.
            if hasData {
                data += "\n"
                data += String(decoding: value, as: UTF8.self)
            } else {
                // Most events have one data line: it becomes the data as it is, without growing an empty string.
                data = String(decoding: value, as: UTF8.self)
            }
            hasData = true
        } else if field.elementsEqual("event".utf8) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if field.elementsEqual("id".utf8) {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual("retry".utf8) {
            if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { retry = Int(String(decoding: value, as: UTF8.self)) ?? retry }
        }
    }

    /// Stops reading: what was held of the line and the event is let go, so memory stays bounded.
    private mutating func overLimit() {
        isOverLimit = true
        line = []
        data = ""
        hasData = false
        eventBytes = 0
    }

    /// A blank line: the event read so far goes out, unless it had no data, which the spec drops silently.
    private mutating func dispatch(time: TimeInterval, into events: inout [StreamEvent]) {
        defer {
            data = ""
            hasData = false
            eventType = ""
            eventBytes = 0
        }
        guard hasData else { return }
        events.append(StreamEvent(kind: .serverSent, event: eventType.isEmpty ? "message" : eventType,
                                  id: lastEventID.flatMap { $0.isEmpty ? nil : $0 }, data: data, time: time))
    }
}
