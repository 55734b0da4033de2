import NIOCore
import NIOTLS

/// Sits behind the TLS handler of a connection being opened. Once the handshake is done it sets up the pipeline for the
/// protocol ALPN chose, at once (an HTTP/2 server's first frames may be in the very next read, and must not pass by an
/// empty pipeline), and completes `promise` with what `configure` made; it fails the promise with the error that ended
/// the handshake. Then it takes itself out.
final class NIOTLSHandshakeWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let configure: (_ negotiated: String?) throws -> NIOConnection.Carrier
    private let promise: EventLoopPromise<NIOConnection.Carrier>
    private var done = false

    init(configure: @escaping (_ negotiated: String?) throws -> NIOConnection.Carrier, promise: EventLoopPromise<NIOConnection.Carrier>) {
        self.configure = configure
        self.promise = promise
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
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

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !done {
            done = true
            promise.fail(error)
        }
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !done {
            done = true
            promise.fail(ChannelError.eof)
        }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if !done {
            done = true
            promise.fail(ChannelError.ioOnClosedChannel)
        }
    }
}
