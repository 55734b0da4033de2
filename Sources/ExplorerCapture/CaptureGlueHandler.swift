import NIOCore

/// Passes every byte read on one channel to its partner (the client and the upstream of a relayed WebSocket),
/// showing them to the recorder on the way, and closes the partner when its own side closes.
final class CaptureGlueHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let recorder: CaptureWebSocketRecorder
    private let direction: CaptureWebSocketRecorder.Direction
    private let ended: () -> Void
    /// The other side; set before either side reads (both live on one event loop).
    var partner: (any Channel)?

    init(recorder: CaptureWebSocketRecorder, direction: CaptureWebSocketRecorder.Direction, ended: @escaping () -> Void) {
        self.recorder = recorder
        self.direction = direction
        self.ended = ended
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        recorder.take(direction, bytes)
        partner?.writeAndFlush(bytes, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner?.close(promise: nil)
        ended()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
