import NIOCore
import NIOHTTP2

/// Keeps an HTTP/2 connection of `SwiftNIOTransport` honest about its life. It sits behind the connection's HTTP/2
/// handler, where the frames of the connection itself (stream 0) arrive, and is that handler's stream delegate, so it
/// knows how many streams are open. It tells the pool when the server sends GOAWAY (new requests must go elsewhere),
/// and closes the connection once it is going away or drained by the pool and its last stream has ended, or when it
/// has been idle for the idle timeout with no stream open. Confined to the connection's event loop.
final class NIOHTTP2ConnectionKeeper: ChannelInboundHandler, RemovableChannelHandler, NIOHTTP2StreamDelegate, @unchecked Sendable {
    typealias InboundIn = HTTP2Frame

    private var context: ChannelHandlerContext?
    private var openStreams = 0
    /// GOAWAY came, or the pool no longer hands the connection out: it closes when its last stream ends.
    private var closing = false
    private var goneAway = false
    private var onGoAway: (() -> Void)?

    /// `action` runs when GOAWAY arrives, or at once when it already has.
    func whenGoingAway(_ action: @escaping () -> Void) {
        if goneAway { return action() }
        onGoAway = action
    }

    /// The pool hands the connection out no more: it closes once no stream is open.
    func drain() {
        closing = true
        closeIfDone()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .goAway = unwrapInboundIn(data).payload, !goneAway {
            goneAway = true
            closing = true
            onGoAway?()
            onGoAway = nil
            closeIfDone()
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            if openStreams == 0 { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func streamCreated(_ id: HTTP2StreamID, channel: any Channel) {
        openStreams += 1
    }

    func streamClosed(_ id: HTTP2StreamID, channel: any Channel) {
        openStreams -= 1
        closeIfDone()
    }

    private func closeIfDone() {
        if closing, openStreams <= 0 { context?.close(promise: nil) }
    }
}
