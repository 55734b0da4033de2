import Foundation

/// Turns a streamed body into events as its pieces arrive, by its format: server-sent events, JSON lines, or each
/// piece as it came.
public struct StreamEventReader: Sendable {
    /// How the body splits.
    public let format: StreamFormat
    private var events: ServerSentEventParser
    private var lines: NDJSONParser
    /// The start of a UTF-8 sequence the last piece cut off, joined to the next piece so no character is split.
    private var pending = Data()

    /// A reader for a body of `format` whose events may each hold at most `maxEventSize` bytes.
    public init(format: StreamFormat, maxEventSize: Int = Request.Configuration.defaultMaxEventSize) {
        self.format = format
        events = ServerSentEventParser(maxEventSize: maxEventSize)
        lines = NDJSONParser(maxEventSize: maxEventSize)
    }

    /// True once an event or line went past the limit: the stream cannot be read further.
    public var isOverLimit: Bool {
        switch format {
        case .serverSentEvents: return events.isOverLimit
        case .jsonLines: return lines.isOverLimit
        // Each piece is handed over as it came, so no piece waits for more.
        case .chunks: return false
        }
    }

    /// The events the piece `bytes`, arrived at `time` seconds after sending, completed.
    public mutating func read(_ bytes: Data, time: TimeInterval) -> [StreamEvent] {
        switch format {
        case .serverSentEvents: return events.feed(bytes, time: time)
        case .jsonLines: return lines.feed(bytes, time: time)
        case .chunks:
            let whole = pending + bytes
            let cut = StreamEventReader.completeLength(whole)
            pending = whole.suffix(from: whole.startIndex + cut)
            guard cut > 0 else { return [] }
            return [StreamEvent(kind: .chunk, data: String(decoding: whole.prefix(cut), as: UTF8.self), time: time)]
        }
    }

    /// How many leading bytes of `data` end on a character boundary: a UTF-8 sequence begun in the last three bytes
    /// and not finished is left for the next piece.
    static func completeLength(_ data: Data) -> Int {
        let bytes = [UInt8](data.suffix(3))
        for back in 1...max(1, bytes.count) where back <= bytes.count {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 == 0x80 else {
                // A lead byte: how long its sequence is, and whether all of it is here.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return length > back ? data.count - back : data.count
            }
        }
        return data.count
    }

    /// The events the end of the body completes (a JSON line without its line end).
    public mutating func finish(time: TimeInterval) -> [StreamEvent] {
        switch format {
        case .serverSentEvents: return events.finish()
        case .jsonLines: return lines.finish(time: time)
        case .chunks:
            defer { pending = Data() }
            return pending.isEmpty ? [] : [StreamEvent(kind: .chunk, data: String(decoding: pending, as: UTF8.self), time: time)]
        }
    }
}
