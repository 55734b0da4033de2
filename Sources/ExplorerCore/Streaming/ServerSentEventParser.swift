import Foundation

/// Splits a `text/event-stream` body into events by the WHATWG rules (HTML, "Server-sent events", parsing an event
/// stream), fed in pieces as they arrive: a leading BOM is skipped; lines end in LF, CR or CRLF (a CRLF split across
/// two pieces counts once); `:` starts a comment; `data`, `event`, `id` and `retry` fields; an empty line dispatches the
/// event; an event whose blank line never came is dropped at the end.
public struct ServerSentEventParser: Sendable {
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

    /// A parser at the start of a stream.
    public init() {}

    /// Reads the next piece of the body and returns the events it completed, stamped with `time`.
    public mutating func feed(_ bytes: some Sequence<UInt8>, time: TimeInterval = 0) -> [StreamEvent] {
        var events: [StreamEvent] = []
        for byte in bytes {
            if !pastStart {
                // The BOM is three bytes and may be cut between pieces: hold the first bytes until they tell.
                start.append(byte)
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                if start.count < 3, Array(bom.prefix(start.count)) == start { continue }
                pastStart = true
                let held = start == bom ? [] : start
                start = []
                for heldByte in held { read(heldByte, time: time, into: &events) }
                continue
            }
            read(byte, time: time, into: &events)
        }
        return events
    }

    /// The end of the stream: an event still being read had no blank line after it and is dropped, as the spec says.
    public mutating func finish() -> [StreamEvent] {
        line = []
        data = ""
        hasData = false
        eventType = ""
        return []
    }

    private mutating func read(_ byte: UInt8, time: TimeInterval, into events: inout [StreamEvent]) {
        switch byte {
        case 0x0A:
            if afterCR {
                afterCR = false
                return
            }
            endLine(time: time, into: &events)
        case 0x0D:
            afterCR = true
            endLine(time: time, into: &events)
        default:
            afterCR = false
            line.append(byte)
        }
    }

    private mutating func endLine(time: TimeInterval, into events: inout [StreamEvent]) {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else { return dispatch(time: time, into: &events) }
        if line[0] == UInt8(ascii: ":") { return }
        let field: String
        var value = ""
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = String(decoding: line[..<colon], as: UTF8.self)
            var valueStart = colon + 1
            if valueStart < line.count, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
            value = String(decoding: line[valueStart...], as: UTF8.self)
        } else {
            field = String(decoding: line, as: UTF8.self)
        }
        switch field {
        case "event":
            eventType = value
        case "data":
            // Joined by LF; the spec appends one after every line and drops the last at dispatch.
            if hasData { data += "\n" }
            data += value
            hasData = true
        case "id":
            if !value.contains("\u{0}") { lastEventID = value }
        case "retry":
            if !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { retry = Int(value) ?? retry }
        default:
            break
        }
    }

    /// A blank line: the event read so far goes out, unless it had no data, which the spec drops silently.
    private mutating func dispatch(time: TimeInterval, into events: inout [StreamEvent]) {
        defer {
            data = ""
            hasData = false
            eventType = ""
        }
        guard hasData else { return }
        events.append(StreamEvent(kind: .serverSent, event: eventType.isEmpty ? "message" : eventType,
                                  id: lastEventID.flatMap { $0.isEmpty ? nil : $0 }, data: data, time: time))
    }
}
