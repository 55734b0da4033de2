import NIOCore
import NIOHTTP1
import NIOSSL

/// Sees the server's answer when it is not an upgrade (a 401, a 404, a plain 200) and fails the handshake with it.
final class WebSocketHandshakeRefusal: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    private let promise: EventLoopPromise<Void>
    /// The host as the URL names it, for a refused certificate to name.
    private let host: String

    init(promise: EventLoopPromise<Void>, host: String) {
        self.promise = promise
        self.host = host
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
        if CertificateRefusal.refuses(error) {
            // Said as HTTPS says it (self-signed, unknown CA, expired, another host), with the same advice.
            let handler = try? context.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)
            promise.fail(CertificateRefusal(error: error, host: host, certificate: handler?.peerCertificate))
        } else {
            promise.fail(WebSocketFailure.transport(String(describing: error)))
        }
        context.close(promise: nil)
    }
}
