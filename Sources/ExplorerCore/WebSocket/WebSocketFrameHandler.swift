import Foundation
import NIOCore
import NIOWebSocket

/// Turns whole frames from the server into `WebSocketEvent`s: answers pings, answers a close and ends the stream.
final class WebSocketFrameHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let continuation: AsyncThrowingStream<WebSocketEvent, any Error>.Continuation
    private let closeState: WebSocketCloseState
    private let limit: Int
    private var finished = false

    init(continuation: AsyncThrowingStream<WebSocketEvent, any Error>.Continuation, closeState: WebSocketCloseState, limit: Int) {
        self.continuation = continuation
        self.closeState = closeState
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let payload = Data(frame.unmaskedData.readableBytesView)
        switch frame.opcode {
        case .text:
            // RFC 6455 8.1: a text message that is not UTF-8 fails the connection with 1007; replacing the bad bytes
            // would show a message the server never sent. Decoding replaces bad bytes, so equal bytes mean valid UTF-8.
            let text = String(decoding: payload, as: UTF8.self)
            guard text.utf8.elementsEqual(payload) else {
                return fail(context, WebSocketFailure.invalidText, code: 1007)
            }
            continuation.yield(.message(WebSocketMessage(text: text)))
        case .binary: continuation.yield(.message(WebSocketMessage(binary: payload)))
        case .ping:
            // RFC 6455 5.5.3: a pong carries the ping's payload; frames from a client are masked.
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .pong: continuation.yield(.pong(payload))
        case .connectionClose:
            var body = frame.unmaskedData
            let code = body.readInteger(as: UInt16.self)
            let reason = body.readString(length: body.readableBytes) ?? ""
            let byClient = !closeState.markSent()
            // Reported before replying: the reply's write can complete, and close the channel, at once.
            finish(.closed(code: code, reason: reason, byClient: byClient))
            if !byClient {
                // Echo the server's code, as the closing handshake asks, then hang up.
                var reply = context.channel.allocator.buffer(capacity: 2)
                if let code { reply.writeInteger(code) }
                let frame = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: reply)
                context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in context.close(promise: nil) }
            } else {
                context.close(promise: nil)
            }
        default: break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(.closed(code: nil, reason: "the connection closed without a close frame", byClient: closeState.isSent))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge, NIOWebSocketError.invalidFrameLength:
            fail(context, .messageTooLarge(limit: limit), code: 1009)
        default:
            fail(context, .protocolError(String(describing: error)), code: 1002)
        }
    }

    /// Ends the events with `failure` and closes the connection with `code`.
    private func fail(_ context: ChannelHandlerContext, _ failure: WebSocketFailure, code: UInt16) {
        guard !finished else { return }
        finished = true
        // The failure is reported before the close frame goes out: that write can complete, and close, at once.
        continuation.finish(throwing: failure)
        guard closeState.markSent() else {
            context.close(promise: nil)
            return
        }
        var body = context.channel.allocator.buffer(capacity: 2)
        body.writeInteger(code)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: body)
        context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in context.close(promise: nil) }
    }

    private func finish(_ event: WebSocketEvent) {
        guard !finished else { return }
        finished = true
        continuation.yield(event)
        continuation.finish()
    }
}
