/// Why a WebSocket conversation did not end well: its URL is not a WebSocket one (nothing was sent), the connection
/// or handshake failed, or the connection broke while open. The text is unmasked.
enum WebSocketConversationFailure: Error, Sendable {
    /// The request's URL cannot be a WebSocket URL; nothing was sent.
    case target(String)
    /// The connection or the handshake failed.
    case connect(String)
    /// The open connection failed (a message over the limit, a protocol error).
    case broken(String)
}
