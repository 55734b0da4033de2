import NIOCore
import NIOHTTP2

/// Sits behind an HTTP/2 connection's handler, where the frames of the connection itself (stream 0) arrive, and tells
/// the pool when the server sends GOAWAY: the connection takes no new streams, so new requests must go elsewhere.
final class NIOHTTP2GoAwayWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTP2Frame

    private var goneAway = false
    private var onGoAway: (() -> Void)?

    /// `action` runs when GOAWAY arrives, or at once when it already has.
    func whenGoingAway(_ action: @escaping () -> Void) {
        if goneAway { return action() }
        onGoAway = action
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .goAway = unwrapInboundIn(data).payload, !goneAway {
            goneAway = true
            onGoAway?()
            onGoAway = nil
        }
    }
}
