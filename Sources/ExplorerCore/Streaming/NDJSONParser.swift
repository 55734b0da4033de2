import Foundation

/// Splits a newline-delimited JSON body (`application/x-ndjson`, `application/jsonl`, or an RFC 7464
/// `application/json-seq`, whose records start with RS) into one event a line, fed in pieces as they arrive. Lines end
/// in LF or CRLF; blank lines are skipped; a last line without its line end still counts, since JSON Lines allows it.
/// A line longer than `maxEventSize` stops the parser (`isOverLimit`): a hostile server must not make it hold the body.
public struct NDJSONParser: Sendable {
    private var line: [UInt8] = []
    /// The most bytes a line may hold.
    public let maxEventSize: Int
    /// True once a line went past `maxEventSize`; nothing more is read after it.
    public private(set) var isOverLimit = false

    /// A parser at the start of a body, holding at most `maxEventSize` bytes of one line.
    public init(maxEventSize: Int = Request.Configuration.defaultMaxEventSize) {
        self.maxEventSize = maxEventSize
    }

    /// Reads the next piece of the body and returns the lines it completed, stamped with `time`.
    public mutating func feed(_ bytes: some Sequence<UInt8>, time: TimeInterval = 0) -> [StreamEvent] {
        var events: [StreamEvent] = []
        guard !isOverLimit else { return events }
        // Scanned in place when the piece is contiguous (Data, arrays), not a byte at a time through the generic
        // sequence, which was too slow for issue 28's 200 MB/s (Benchmarks/RESULTS.md).
        let scanned: Void? = bytes.withContiguousStorageIfAvailable { read($0, time: time, into: &events) }
        if scanned == nil { Array(bytes).withUnsafeBufferPointer { read($0, time: time, into: &events) } }
        return events
    }

    /// The end of the body: the last line, when it had no line end.
    public mutating func finish(time: TimeInterval = 0) -> [StreamEvent] {
        let whole = line
        line.removeAll()
        return whole.withUnsafeBufferPointer { Self.event($0, time: time) }.map { [$0] } ?? []
    }

    /// Splits `bytes` at LF and at a JSON text sequence's RS, which ends the record before it and starts the next; a
    /// line cut at the end of the piece waits in `line` for the rest.
    private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, time: TimeInterval, into events: inout [StreamEvent]) {
        var index = 0
        while index < bytes.count {
            var end = index
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x1E { end += 1 }
            let piece = UnsafeBufferPointer(rebasing: bytes[index..<end])
            guard line.count + piece.count <= maxEventSize else {
                isOverLimit = true
                line = []
                return
            }
            guard end < bytes.count else {
                line.append(contentsOf: piece)
                return
            }
            if line.isEmpty {
                // The whole line is in this piece: read it where it lies.
                if let event = Self.event(piece, time: time) { events.append(event) }
            } else {
                line.append(contentsOf: piece)
                let whole = line
                line.removeAll()
                if let event = whole.withUnsafeBufferPointer({ Self.event($0, time: time) }) { events.append(event) }
            }
            index = end + 1
        }
    }

    /// The line `bytes` (its CR, if it ended in CRLF, dropped) as an event; nil when it is blank.
    private static func event(_ bytes: UnsafeBufferPointer<UInt8>, time: TimeInterval) -> StreamEvent? {
        var end = bytes.count
        if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
        let text = UnsafeBufferPointer(rebasing: bytes[..<end])
        guard !text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
        return StreamEvent(kind: .line, data: String(decoding: text, as: UTF8.self), time: time)
    }
}
