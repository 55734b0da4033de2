import NIOCore
import NIOHTTP1

/// The proxy's end of a plain-HTTP upstream connection: hands each part of an answer to the relay that opened it,
/// on the event loop the relay's client connection lives on.
final class CaptureUpstreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private weak var relay: CapturePlainRelay?

    init(relay: CapturePlainRelay) {
        self.relay = relay
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        relay?.upstreamRead(unwrapInboundIn(data), on: context.channel)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        relay?.upstreamReadComplete(on: context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        relay?.upstreamClosed(context.channel)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        relay?.upstreamFailed(context.channel, error: error)
        context.close(promise: nil)
    }
}
