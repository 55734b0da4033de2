import Foundation

/// Whether this side has sent its close frame, shared by the connection (which sends it) and the frame handler
/// (which answers the server's close only when this side has not).
final class WebSocketCloseState: @unchecked Sendable {
    private let lock = NSLock()
    private var sent = false

    /// Marks the close frame as sent; false when it already was.
    func markSent() -> Bool {
        lock.withLock {
            defer { sent = true }
            return !sent
        }
    }

    /// True once a close frame went out.
    var isSent: Bool { lock.withLock { sent } }
}
