import Foundation

/// Turns a streamed body into events as its pieces arrive, by its format: server-sent events, JSON lines, or each
/// piece as it came.
public struct StreamEventReader: Sendable {
    /// How the body splits.
    public let format: StreamFormat
    private var events = ServerSentEventParser()
    private var lines = NDJSONParser()

    /// A reader for a body of `format`.
    public init(format: StreamFormat) {
        self.format = format
    }

    /// The events the piece `bytes`, arrived at `time` seconds after sending, completed.
    public mutating func read(_ bytes: Data, time: TimeInterval) -> [StreamEvent] {
        switch format {
        case .serverSentEvents: return events.feed(bytes, time: time)
        case .jsonLines: return lines.feed(bytes, time: time)
        case .chunks: return bytes.isEmpty ? [] : [StreamEvent(kind: .chunk, data: String(decoding: bytes, as: UTF8.self), time: time)]
        }
    }

    /// The events the end of the body completes (a JSON line without its line end).
    public mutating func finish(time: TimeInterval) -> [StreamEvent] {
        switch format {
        case .serverSentEvents: return events.finish()
        case .jsonLines: return lines.finish(time: time)
        case .chunks: return []
        }
    }
}
