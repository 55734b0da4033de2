import NIOCore
import NIOHTTP1

/// Sits in front of the response decompressor and reports the size of each body part as it came over the wire, as a
/// `WireBytes` event the last handler passes to the exchange: after decoding, only the decoded size is left to see.
final class NIOWireByteCounter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart

    /// The event: `count` body bytes before decoding. Sent before the part itself, so it reaches the exchange first.
    struct WireBytes {
        let count: Int
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .body(let buffer) = unwrapInboundIn(data) {
            context.fireUserInboundEventTriggered(WireBytes(count: buffer.readableBytes))
        }
        context.fireChannelRead(data)
    }
}
