import Foundation

/// One event of a streamed response as it arrived: a server-sent event, an NDJSON line, or a piece of any other body.
public struct StreamEvent: Sendable, Hashable, Codable {
    /// What kind of stream the event came from.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A `text/event-stream` event, dispatched by its blank line.
        case serverSent
        /// One line of an NDJSON, JSON Lines or JSON text sequence body.
        case line
        /// A piece of a body of another type, as the transport handed it over.
        case chunk
        /// A WebSocket message received (binary data as base64).
        case message
        /// A WebSocket message sent (binary data as base64), kept in history beside those received; checks never
        /// see it (`$messages` and `messages:` are what came back).
        case sent
    }

    /// What kind of stream the event came from.
    public var kind: Kind
    /// The SSE event type (`message` when the event named none); `binary` for a binary WebSocket message; nil for
    /// lines, chunks and text messages.
    public var event: String?
    /// The SSE last event ID in effect when the event was dispatched; nil when none was set, and for lines and chunks.
    public var id: String?
    /// The event's data: SSE data lines joined by line feeds, a line without its line end, or a chunk as text.
    public var data: String
    /// Seconds from sending the request until the event was complete.
    public var time: TimeInterval

    /// Creates an event.
    public init(kind: Kind, event: String? = nil, id: String? = nil, data: String, time: TimeInterval = 0) {
        self.kind = kind
        self.event = event
        self.id = id
        self.data = data
        self.time = time
    }
}
