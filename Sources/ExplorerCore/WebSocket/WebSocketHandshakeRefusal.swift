import NIOCore
import NIOHTTP1

/// Sees the server's answer when it is not an upgrade (a 401, a 404, a plain 200) and fails the handshake with it.
final class WebSocketHandshakeRefusal: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    private let promise: EventLoopPromise<Void>

    init(promise: EventLoopPromise<Void>) {
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case let .head(head) = unwrapInboundIn(data) {
            promise.fail(WebSocketFailure.handshakeRefused(status: Int(head.status.code), reason: head.status.reasonPhrase))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(WebSocketFailure.transport("The server closed the connection during the WebSocket handshake"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(WebSocketFailure.transport(String(describing: error)))
        context.close(promise: nil)
    }
}
