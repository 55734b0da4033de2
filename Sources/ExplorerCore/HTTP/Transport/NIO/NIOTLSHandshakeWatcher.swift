import NIOCore
import NIOSSL
import NIOTLS

/// Sits behind the TLS handler of a connection being opened. Once the handshake is done it sets up the pipeline for the
/// protocol ALPN chose, at once (an HTTP/2 server's first frames may be in the very next read, and must not pass by an
/// empty pipeline), and completes `promise` with what `configure` made; it fails the promise with the error that ended
/// the handshake (a `CertificateRefusal`, with the server's certificate, when it was refused). Then it takes itself out.
package final class NIOTLSHandshakeWatcher<Outcome: Sendable>: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = NIOAny

    private let host: String
    private let configure: (_ negotiated: String?) throws -> Outcome
    private let promise: EventLoopPromise<Outcome>
    private var done = false

    /// `host` is the host as the request's URL names it, for a refusal to name.
    package init(host: String, configure: @escaping (_ negotiated: String?) throws -> Outcome, promise: EventLoopPromise<Outcome>) {
        self.host = host
        self.configure = configure
        self.promise = promise
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if !done, let tls = event as? TLSUserEvent, case .handshakeCompleted(let negotiated) = tls {
            done = true
            do {
                promise.succeed(try configure(negotiated))
            } catch {
                promise.fail(error)
            }
            context.pipeline.syncOperations.removeHandler(self, promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !done {
            done = true
            if CertificateRefusal.refuses(error) {
                // The TLS handler is still in the pipeline, and still has the certificate it refused.
                let handler = try? context.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)
                promise.fail(CertificateRefusal(error: error, host: host, certificate: handler?.peerCertificate))
            } else {
                promise.fail(error)
            }
        }
        context.fireErrorCaught(error)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        if !done {
            done = true
            promise.fail(ChannelError.eof)
        }
        context.fireChannelInactive()
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        if !done {
            done = true
            promise.fail(ChannelError.ioOnClosedChannel)
        }
    }
}
