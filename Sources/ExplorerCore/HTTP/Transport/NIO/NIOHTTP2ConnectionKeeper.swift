import NIOCore
import NIOHTTP2

/// Tells the pool what befalls an HTTP/2 connection of `SwiftNIOTransport`, which decides when it closes. It sits
/// behind the connection's HTTP/2 handler, where the frames of the connection itself (stream 0) arrive, and is that
/// handler's stream delegate: it reports GOAWAY (new requests must go elsewhere), each stream opening and closing, and
/// the idle timeout. Confined to the connection's event loop.
final class NIOHTTP2ConnectionKeeper: ChannelInboundHandler, RemovableChannelHandler, NIOHTTP2StreamDelegate, @unchecked Sendable {
    typealias InboundIn = HTTP2Frame

    private var pool: NIOConnectionPool?
    private var number = 0
    private var goneAway = false

    /// Reports to `pool` as connection `number` from now on, and at once a GOAWAY that came before.
    func report(to pool: NIOConnectionPool, as number: Int) {
        self.pool = pool
        self.number = number
        if goneAway { pool.goneAway(number) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .goAway = unwrapInboundIn(data).payload, !goneAway {
            goneAway = true
            pool?.goneAway(number)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            pool?.idleTimedOut(number)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func streamCreated(_ id: HTTP2StreamID, channel: any Channel) {
        pool?.streamOpened(on: number)
    }

    func streamClosed(_ id: HTTP2StreamID, channel: any Channel) {
        pool?.streamClosed(on: number)
    }
}
