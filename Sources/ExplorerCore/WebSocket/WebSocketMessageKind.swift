/// Whether a WebSocket message is text (UTF-8) or binary.
public enum WebSocketMessageKind: String, Sendable, Equatable {
    /// A text message.
    case text
    /// A binary message.
    case binary
}
