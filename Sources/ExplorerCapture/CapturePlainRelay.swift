import ExplorerCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Carries a client connection's plain `http://` requests upstream on a connection of its own, opened on the client's
/// event loop and kept while the requests go to the same host and port: the answer's bytes go back as they come,
/// coded as the upstream coded them, with no thread between the two sides. (HTTPS goes through ExplorerCore's request,
/// which verifies the upstream and speaks HTTP/2 to it; for plain HTTP that path cost the client twice the direct
/// time, most of it building and reading Foundation's request and response values.)
final class CapturePlainRelay {
    private let session: CaptureSession
    private let eventLoop: any EventLoop
    /// The client connection's context, for writing the answer back.
    private let client: ChannelHandlerContext
    private var upstream: (key: String, channel: any Channel)?
    private var exchange: CapturePlainExchange?
    /// True once the client has gone: an answer still arriving is recorded, then the upstream connection closed.
    private var clientGone = false
    /// Whether the client can take more: when it cannot, the upstream is not read (its answer waits in the kernel).
    private var clientWritable = true

    init(session: CaptureSession, client: ChannelHandlerContext) {
        self.session = session
        self.client = client
        self.eventLoop = client.eventLoop
    }

    /// Sends the request upstream; `done` hears on this loop, once the answer is written, whether the client's
    /// connection can carry another request.
    func send(head: HTTPRequestHead, target: CapturePlainTarget, url: String, body: ByteBuffer, keepAlive: Bool,
              done: @escaping (Bool) -> Void) {
        let exchange = CapturePlainExchange(number: session.nextNumber(), head: head, target: target, url: url, body: body,
                                            keepAlive: keepAlive, keptBodyBytes: session.options.keptBodyBytes, done: done)
        self.exchange = exchange
        dispatch(exchange)
    }

    private func dispatch(_ exchange: CapturePlainExchange) {
        if let upstream, upstream.key == exchange.target.connectionKey, upstream.channel.isActive {
            exchange.connected(reused: true, remoteAddress: upstream.channel.remoteAddress?.description)
            write(exchange, on: upstream.channel)
            return
        }
        dropUpstream()
        connect(exchange)
    }

    /// Forgets the upstream connection, then closes it: its close must not be taken for the end of the next request.
    private func dropUpstream() {
        let old = upstream
        upstream = nil
        old?.channel.close(promise: nil)
    }

    private func connect(_ exchange: CapturePlainExchange) {
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        let connecting = ClientBootstrap(group: eventLoop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(Int64(max(1, min(10, session.options.upstreamTimeout)))))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(CaptureUpstreamHandler(relay: bound.value))
                }
            }
            .connect(host: exchange.target.host, port: exchange.target.port)
        connecting.whenComplete { result in
            let relay = bound.value
            switch result {
            case let .success(channel):
                guard relay.exchange === exchange, !relay.clientGone else {
                    channel.close(promise: nil)
                    return
                }
                relay.upstream = (exchange.target.connectionKey, channel)
                exchange.connected(reused: false, remoteAddress: channel.remoteAddress?.description)
                if !relay.clientWritable { channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
                relay.write(exchange, on: channel)
            case let .failure(error):
                guard relay.exchange === exchange else { return }
                relay.fail(exchange, "could not connect to \(exchange.target.connectionKey): \(error)")
            }
        }
    }

    private func write(_ exchange: CapturePlainExchange, on channel: any Channel) {
        channel.write(HTTPClientRequestPart.head(exchange.upstreamHead), promise: nil)
        if exchange.body.readableBytes > 0 { channel.write(HTTPClientRequestPart.body(.byteBuffer(exchange.body)), promise: nil) }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        exchange.timeout?.cancel()
        exchange.timeout = eventLoop.scheduleTask(in: .nanoseconds(Int64(session.options.upstreamTimeout * 1e9))) {
            let relay = bound.value
            guard relay.exchange === exchange, exchange.responseHead == nil else { return }
            relay.fail(exchange, "the upstream did not answer within \(Int(relay.session.options.upstreamTimeout)) s")
        }
    }

    // MARK: The upstream's side

    func upstreamRead(_ part: HTTPClientResponsePart, on channel: any Channel) {
        guard upstream?.channel === channel, let exchange else { return }
        switch part {
        case let .head(head):
            exchange.timeout?.cancel()
            // The proxy asked for no upgrade (h2c and WebSocket go other ways): a 101 would leave both sides speaking
            // something this relay cannot read.
            guard head.status.code >= 200 else {
                return fail(exchange, "the upstream answered \(head.status.code) \(head.status.reasonPhrase), switching protocols unasked")
            }
            let answer = exchange.answerHead(head)
            if !clientGone { client.write(NIOAny(HTTPServerResponsePart.head(answer)), promise: nil) }
        case let .body(piece):
            if exchange.answerBody(piece), !clientGone {
                client.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(piece))), promise: nil)
            }
        case .end:
            exchange.answerEnded()
            self.exchange = nil
            if exchange.responseHead?.isKeepAlive != true || clientGone { dropUpstream() }
            if !clientGone {
                client.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
                exchange.done(exchange.keepsClientConnection)
            }
            session.finished(exchange.record(session: session, failure: nil))
        }
    }

    func upstreamReadComplete(on channel: any Channel) {
        guard upstream?.channel === channel, exchange?.headWritten == true, !clientGone else { return }
        client.flush()
    }

    func upstreamClosed(_ channel: any Channel) {
        guard upstream?.channel === channel else { return }
        upstream = nil
        guard let exchange else { return }
        // An idle connection the upstream closed as this request went out on it: nothing was answered, so the
        // request goes again on a new one, once, when sending it twice does no harm.
        if exchange.mayTryAgain {
            exchange.retried = true
            connect(exchange)
            return
        }
        fail(exchange, exchange.responseHead == nil ? "the upstream closed the connection without answering"
                                                    : "the upstream closed the connection before its answer was whole")
    }

    func upstreamFailed(_ channel: any Channel, error: any Error) {
        guard upstream?.channel === channel, let exchange else { return }
        // A reset of a reused connection before any answer is the idle close above, said rudely: the close that
        // follows tries the request again.
        if exchange.mayTryAgain { return }
        fail(exchange, "\(error)")
    }

    // MARK: The client's side

    /// The client went away: an answer it does not have whole is stopped upstream and recorded as cancelled.
    func clientLeft() {
        clientGone = true
        guard let exchange else {
            dropUpstream()
            return
        }
        if exchange.isAnswered { return }
        self.exchange = nil
        exchange.timeout?.cancel()
        dropUpstream()
        session.finished(exchange.record(session: session, failure: "cancelled: the client left before the answer was whole"))
    }

    /// The client's connection can take more, or cannot: the upstream is read or left waiting to match.
    func clientWritabilityChanged(_ writable: Bool) {
        clientWritable = writable
        upstream?.channel.setOption(ChannelOptions.autoRead, value: writable).whenFailure { _ in }
    }

    /// No whole answer: 502 with the reason when nothing went to the client yet, else the client's connection is cut.
    private func fail(_ exchange: CapturePlainExchange, _ reason: String) {
        self.exchange = nil
        exchange.timeout?.cancel()
        dropUpstream()
        session.finished(exchange.record(session: session, failure: reason))
        guard !clientGone else { return }
        if exchange.headWritten {
            client.close(promise: nil)
            exchange.done(false)
            return
        }
        let text = "apiexplorer proxy: \(exchange.url): \(reason)\n"
        let headers = NIOHTTP1.HTTPHeaders([("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "\(text.utf8.count)")])
        client.write(NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: exchange.head.version, status: .badGateway, headers: headers))),
                     promise: nil)
        if exchange.head.method != .HEAD { client.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil) }
        client.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
        exchange.done(exchange.keepAlive)
    }

}
