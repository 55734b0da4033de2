import ExplorerTUI
import Foundation

/// Where effects running off the UI leave their results; only the run loop takes them out and changes state.
final class MessageInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [AppMessage] = []

    /// Adds a message from any thread.
    func post(_ message: AppMessage) {
        lock.withLock { messages.append(message) }
    }

    /// Removes and returns every waiting message.
    func drain() -> [AppMessage] {
        lock.withLock {
            defer { messages.removeAll() }
            return messages
        }
    }
}
