import NIOCore
import NIOHTTP1

/// The last handler of an HTTP/1.1 connection of `SwiftNIOTransport`: writes one request at a time, hands its response
/// to the exchange, and gives the connection back to the pool when the response is complete and the connection may
/// carry another. Confined to the connection's event loop.
final class NIOHTTP1ConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let pool: NIOConnectionPool
    /// The connection's number, to report its idle timeout to the pool with.
    private var number: Int?
    private var context: ChannelHandlerContext?
    /// The hop in flight and the connection it is on.
    private var current: (exchange: SwiftNIOExchange, connection: NIOConnection)?

    init(pool: NIOConnectionPool) {
        self.pool = pool
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    /// Reports to the pool as connection `number` from now on.
    func report(as number: Int) {
        self.number = number
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Writes the exchange's request; the pool handed `connection` (this handler's) to it.
    func send(_ exchange: SwiftNIOExchange, on connection: NIOConnection) {
        guard let context, context.channel.isActive, current == nil else {
            // Closed between the pool handing it out and now: nothing was written, so the exchange tries again.
            return exchange.connectionClosed(unsent: true)
        }
        guard exchange.begin(on: connection, channel: context.channel) else {
            return pool.release(connection, reusable: true)
        }
        current = (exchange, connection)
        // A head SwiftNIO refuses to write fails only this future.
        exchange.write(to: context).assumeIsolated().whenFailure { [self] error in
            guard let (failed, connection) = current, failed === exchange else { return }
            current = nil
            failed.writeFailed(error, on: connection)
            self.context?.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let (exchange, connection) = current else {
            // A response nobody asked for: the connection can no longer be trusted to pair responses with requests.
            return context.close(promise: nil)
        }
        switch exchange.receive(unwrapInboundIn(data)) {
        case .more:
            break
        case .complete(let keepAlive):
            current = nil
            // Back in the pool before the hop ends, so a request sent right after it finds the connection idle.
            exchange.detach()
            pool.release(connection, reusable: keepAlive && context.channel.isActive)
            exchange.complete()
        case .failed:
            current = nil
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let (exchange, _) = current {
            current = nil
            exchange.failed(error)
        }
        context.close(promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // Nothing went over the connection for the idle timeout: the pool closes it if it is idle there.
        if event is IdleStateHandler.IdleStateEvent {
            if let number { pool.idleTimedOut(number) }
            return
        }
        if let wire = event as? NIOWireByteCounter.WireBytes {
            current?.exchange.receivedWire(bytes: wire.count)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let (exchange, _) = current {
            current = nil
            exchange.connectionClosed(unsent: false)
        }
        context.fireChannelInactive()
    }
}
