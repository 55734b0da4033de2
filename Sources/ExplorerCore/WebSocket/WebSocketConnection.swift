import Foundation
import NIOCore
import NIOWebSocket

/// An open WebSocket conversation: the events the server sends, and sending, pinging and closing.
public final class WebSocketConnection: Sendable {
    /// Messages, pongs and finally the close, as they arrive; it ends after the close, or throws when the connection
    /// fails (a message over the limit, a protocol error).
    public let events: AsyncThrowingStream<WebSocketEvent, any Error>
    /// The subprotocol the server chose, if any.
    public let subprotocol: String?
    /// The headers of the server's 101 answer.
    public let responseHeaders: [(name: String, value: String)]
    private let channel: any Channel
    private let closeState: WebSocketCloseState

    init(channel: any Channel, events: AsyncThrowingStream<WebSocketEvent, any Error>, closeState: WebSocketCloseState,
         subprotocol: String?, responseHeaders: [(name: String, value: String)]) {
        self.channel = channel
        self.events = events
        self.closeState = closeState
        self.subprotocol = subprotocol
        self.responseHeaders = responseHeaders
    }

    /// Sends a whole message.
    public func send(_ message: WebSocketMessage) async throws {
        try await write(message.kind == .text ? .text : .binary, ByteBuffer(bytes: message.data))
    }

    /// Sends a ping; its pong arrives in `events`.
    public func ping(_ payload: Data = Data()) async throws {
        try await write(.ping, ByteBuffer(bytes: payload))
    }

    /// Starts the closing handshake with `code` and `reason`; `events` ends when the server answers.
    public func close(code: UInt16 = 1000, reason: String = "") async throws {
        guard closeState.markSent() else { return }
        var body = ByteBuffer()
        body.writeInteger(code)
        body.writeString(reason)
        try await write(.connectionClose, body, closing: true)
    }

    /// Drops the connection at once, without a closing handshake.
    public func abort() {
        channel.close(promise: nil)
    }

    private func write(_ opcode: WebSocketOpcode, _ data: ByteBuffer, closing: Bool = false) async throws {
        guard channel.isActive, closing || !closeState.isSent else { throw WebSocketFailure.closed }
        // RFC 6455 5.3: every frame from a client is masked.
        let frame = WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
        do {
            try await channel.writeAndFlush(frame)
        } catch {
            throw WebSocketFailure.closed
        }
    }
}
