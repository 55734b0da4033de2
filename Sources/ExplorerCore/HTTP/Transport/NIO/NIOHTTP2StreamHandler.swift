import NIOCore
import NIOHTTP1

/// The last handler of an HTTP/2 stream of `SwiftNIOTransport`, behind the HTTP/2-to-HTTP/1 codec: writes the
/// exchange's request once the stream is active and hands the response to the exchange. Confined to the connection's
/// event loop.
final class NIOHTTP2StreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let exchange: SwiftNIOExchange
    private let connection: NIOConnection
    private var started = false
    private var ended = false

    init(exchange: SwiftNIOExchange, connection: NIOConnection) {
        self.exchange = exchange
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        guard exchange.begin(on: connection, channel: context.channel) else {
            ended = true
            return context.close(promise: nil)
        }
        exchange.write(to: context).assumeIsolated().whenFailure { [self] error in
            guard !ended else { return }
            ended = true
            exchange.writeFailed(error, on: connection)
            context.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !ended else { return }
        switch exchange.receive(unwrapInboundIn(data)) {
        case .more:
            break
        case .complete:
            ended = true
            exchange.complete()
        case .failed:
            ended = true
            context.close(promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let wire = event as? NIOWireByteCounter.WireBytes {
            if !ended { exchange.receivedWire(bytes: wire.count) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !ended {
            ended = true
            exchange.failed(error)
        }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !ended {
            ended = true
            exchange.connectionClosed(unsent: !started)
        }
        context.fireChannelInactive()
    }
}
