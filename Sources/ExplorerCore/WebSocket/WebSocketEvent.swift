import Foundation

/// What arrives on a WebSocket connection after the handshake.
public enum WebSocketEvent: Sendable, Equatable {
    /// A whole message from the server.
    case message(WebSocketMessage)
    /// The answer to a ping this side sent, with its payload.
    case pong(Data)
    /// The conversation ended: the close code and reason the server sent (nil code when the connection dropped
    /// without a close frame), and whether this side asked for it.
    case closed(code: UInt16?, reason: String, byClient: Bool)
}
