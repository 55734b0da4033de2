import ExplorerCore
import Foundation

/// A WebSocket conversation that passed through the proxy.
public struct CapturedConversation: Sendable {
    /// The upstream's handshake status (101 when the upgrade went through).
    public var status: Int
    /// The upstream's handshake answer headers.
    public var headers: [Header]
    /// The messages both ways, oldest first.
    public var events: [StreamEvent]
    /// Seconds from the handshake until the conversation ended.
    public var duration: TimeInterval

    /// Creates a conversation.
    public init(status: Int, headers: [Header], events: [StreamEvent], duration: TimeInterval) {
        self.status = status
        self.headers = headers
        self.events = events
        self.duration = duration
    }
}
