import Foundation
import NIOCore
import NIOWebSocket

/// The test server's side of one WebSocket conversation (see `WebSocketLoopbackServer`).
final class WebSocketLoopbackHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let closes: WebSocketCloseLog

    init(closes: WebSocketCloseLog) {
        self.closes = closes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let payload = frame.unmaskedData
        switch frame.opcode {
        case .text:
            let text = String(buffer: payload)
            if text == "fragments" {
                send(context, .text, "frag", fin: false)
                send(context, .continuation, "men", fin: false)
                send(context, .continuation, "ts", fin: true)
            } else if text == "binary" {
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: [0, 1, 2, 255]))), promise: nil)
            } else if text == "ping" {
                send(context, .ping, "are you there", fin: true)
            } else if text == "close" {
                var body = ByteBuffer()
                body.writeInteger(UInt16(4001))
                body.writeString("bye")
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: body)), promise: nil)
            } else if text == "bad-utf8" {
                // "(" after a lead byte that wants a continuation byte: not UTF-8 (RFC 6455 5.6 asks for it).
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: [0x61, 0xC3, 0x28]))), promise: nil)
            } else if text.hasPrefix("big:"), let count = Int(text.dropFirst(4)) {
                send(context, .text, String(repeating: "x", count: count), fin: true)
            } else {
                send(context, .text, text, fin: true)
            }
        case .binary:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .binary, data: payload)), promise: nil)
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: payload)), promise: nil)
        case .pong:
            send(context, .text, "pong: " + String(buffer: payload), fin: true)
        case .connectionClose:
            var body = payload
            closes.append(body.readInteger(as: UInt16.self))
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload))).whenComplete { _ in
                context.close(promise: nil)
            }
        default:
            break
        }
    }

    private func send(_ context: ChannelHandlerContext, _ opcode: WebSocketOpcode, _ text: String, fin: Bool) {
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: fin, opcode: opcode, data: ByteBuffer(string: text))), promise: nil)
    }
}
