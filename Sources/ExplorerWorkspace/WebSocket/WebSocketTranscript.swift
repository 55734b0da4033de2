import ExplorerCore
import Foundation

/// A WebSocket conversation as it happens, for history: every message sent and received, in order, with its time
/// since the connection was asked for. Sending and receiving run on different tasks, so it is safe to share.
public final class WebSocketTranscript: @unchecked Sendable {
    /// When the connection was asked for; event times count from here.
    public let started: Date
    private let lock = NSLock()
    private var kept: [StreamEvent] = []
    private var keptBytes = 0
    private var receivedMessages = 0
    private var finished = false
    /// Set once a message did not fit: nothing after it is kept either, so what is kept has no gaps.
    private var full = false
    /// How many bytes of message data are kept; later messages are counted, not kept (history keeps no more anyway).
    private let byteLimit: Int

    /// A transcript starting now (or at `started`), keeping up to `byteLimit` bytes of message data.
    public init(started: Date = Date(), byteLimit: Int = HistoryLimits().bodyBytes) {
        self.started = started
        self.byteLimit = byteLimit
    }

    /// Notes a message going out, and returns it as history keeps it; call it before sending, so an answer to it can
    /// never come first.
    @discardableResult
    public func sent(_ message: WebSocketMessage) -> StreamEvent {
        let event = StreamEvent(kind: .sent, event: message.kind == .binary ? "binary" : nil, data: WebSocketTranscript.data(of: message),
                                time: Date().timeIntervalSince(started))
        add(event)
        return event
    }

    /// Notes a message that came in, and returns it as the event checks read (`$messages`).
    @discardableResult
    public func received(_ message: WebSocketMessage) -> StreamEvent {
        let event = StreamEvent(kind: .message, event: message.kind == .binary ? "binary" : nil, data: WebSocketTranscript.data(of: message),
                                time: Date().timeIntervalSince(started))
        lock.withLock { receivedMessages += 1 }
        add(event)
        return event
    }

    /// The messages so far, sent and received, in order.
    public var events: [StreamEvent] { lock.withLock { kept } }

    /// How many messages came in, kept or not.
    public var receivedCount: Int { lock.withLock { receivedMessages } }

    /// True the first time only: the conversation is recorded once, whichever of its ends (closed, failed, the
    /// explorer quitting) comes first.
    public func finish() -> Bool {
        lock.withLock {
            defer { finished = true }
            return !finished
        }
    }

    /// A message's data as an event holds it: text as it is, binary as base64.
    static func data(of message: WebSocketMessage) -> String {
        message.text ?? message.data.base64EncodedString()
    }

    /// The message an event holds: text, or binary when its `event` says so (`binary`, data in base64).
    public static func message(of event: StreamEvent) -> WebSocketMessage {
        if event.event == "binary", let data = Data(base64Encoded: event.data) { return WebSocketMessage(binary: data) }
        return WebSocketMessage(text: event.data)
    }

    private func add(_ event: StreamEvent) {
        lock.withLock {
            guard !full, keptBytes + event.data.utf8.count <= byteLimit else {
                full = true
                return
            }
            keptBytes += event.data.utf8.count
            kept.append(event)
        }
    }
}
