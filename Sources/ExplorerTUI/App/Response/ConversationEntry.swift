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

    /// The entry as one screen line.
    var line: StyledLine {
        let arrow: Span
        switch direction {
        case .sent: arrow = Span("→ ", style: Style(foreground: .green, attributes: .bold))
        case .received: arrow = Span("← ", style: Style(foreground: .cyan, attributes: .bold))
        case .note: arrow = Span("· ", style: Theme.dim)
        }
        return StyledLine([Span(String(format: "+%.3f s ", time), style: Theme.dim), arrow,
                           Span(TerminalSafeText.sanitize(text.replacingOccurrences(of: "\n", with: " ⏎ ")),
                                style: direction == .note ? Theme.dim : .plain)])
    }

    /// The text of `message` for the screen: text as it is, binary as hex bytes.
    static func text(of message: WebSocketMessage) -> String {
        message.text ?? "binary " + message.data.prefix(64).map { String(format: "%02x", $0) }.joined(separator: " ")
            + (message.data.count > 64 ? " … (\(message.data.count) bytes)" : "")
    }
}
