import Foundation

/// Splits a newline-delimited JSON body (`application/x-ndjson`, `application/jsonl`, or an RFC 7464
/// `application/json-seq`, whose records start with RS) into one event a line, fed in pieces as they arrive. Lines end
/// in LF or CRLF; blank lines are skipped; a last line without its line end still counts, since JSON Lines allows it.
public struct NDJSONParser: Sendable {
    private var line: [UInt8] = []

    /// A parser at the start of a body.
    public init() {}

    /// Reads the next piece of the body and returns the lines it completed, stamped with `time`.
    public mutating func feed(_ bytes: some Sequence<UInt8>, time: TimeInterval = 0) -> [StreamEvent] {
        var events: [StreamEvent] = []
        for byte in bytes {
            if byte == 0x0A {
                if let event = takeLine(time: time) { events.append(event) }
            } else if byte == 0x1E {
                // A JSON text sequence's record separator ends the record before it and starts the next.
                if let event = takeLine(time: time) { events.append(event) }
            } else {
                line.append(byte)
            }
        }
        return events
    }

    /// The end of the body: the last line, when it had no line end.
    public mutating func finish(time: TimeInterval = 0) -> [StreamEvent] {
        takeLine(time: time).map { [$0] } ?? []
    }

    private mutating func takeLine(time: TimeInterval) -> StreamEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        var end = line.count
        if end > 0, line[end - 1] == 0x0D { end -= 1 }
        let text = String(decoding: line[..<end], as: UTF8.self)
        guard !text.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        return StreamEvent(kind: .line, data: text, time: time)
    }
}
