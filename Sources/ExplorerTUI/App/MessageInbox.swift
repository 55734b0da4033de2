import Foundation

/// Where effects running off the UI leave their results; only the run loop takes them out and changes state.
///
/// Posting also writes a byte to a pipe whose read end the run loop waits on beside the keyboard, so a result
/// is drawn as soon as it arrives instead of when the next key-wait slice ends.
public final class MessageInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [AppMessage] = []
    private var drains = 0
    private let pipeEnds: (read: Int32, write: Int32)?

    /// An empty inbox with its wake-up pipe.
    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
            pipeEnds = (ends[0], ends[1])
        } else {
            pipeEnds = nil
        }
    }

    deinit {
        if let pipeEnds {
            close(pipeEnds.read)
            close(pipeEnds.write)
        }
    }

    /// The descriptor that becomes readable when a message is waiting (nil if no pipe could be made).
    public var wakeDescriptor: Int32? { pipeEnds?.read }

    /// How many times the run loop has taken the messages out: a sender that remembers it when posting knows, while it
    /// is unchanged, that its message is still waiting.
    public var drainCount: Int { lock.withLock { drains } }

    /// Adds a message from any thread.
    public func post(_ message: AppMessage) {
        lock.withLock { messages.append(message) }
        // A full pipe already means "wake up"; the write may then fail harmlessly.
        var byte: UInt8 = 1
        if let pipeEnds { _ = write(pipeEnds.write, &byte, 1) }
    }

    /// Removes and returns every waiting message.
    public func drain() -> [AppMessage] {
        if let pipeEnds {
            var buffer = [UInt8](repeating: 0, count: 256)
            while read(pipeEnds.read, &buffer, buffer.count) > 0 {}
        }
        return lock.withLock {
            drains += 1
            defer { messages.removeAll() }
            return messages
        }
    }
}
