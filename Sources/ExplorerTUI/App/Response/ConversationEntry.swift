import ExplorerCore
import Foundation

/// One line of a WebSocket conversation: a message sent (→) or received (←), a pong, or what happened to the
/// connection, with its time since connecting.
public struct ConversationEntry: Sendable, Equatable {
    /// Which way it went, or that it is about the connection.
    public enum Direction: Sendable, Equatable {
        /// This side sent it.
        case sent
        /// The server sent it.
        case received
        /// Opened, closed, a pong.
        case note
    }

    /// Which way it went.
    public var direction: Direction
    /// The message text (binary as hex), or the note.
    public var text: String
    /// Seconds since the connection was asked for.
    public var time: TimeInterval

    /// The text of `message` for the screen: text as it is, binary as hex bytes.
    static func text(of message: WebSocketMessage) -> String {
        message.text ?? "binary " + message.data.prefix(64).map { String(format: "%02x", $0) }.joined(separator: " ")
            + (message.data.count > 64 ? " … (\(message.data.count) bytes)" : "")
    }
}
