import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOHTTPCompression
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One hop on `SwiftNIOTransport`: waits for a connection from the pool, writes the request on it (HTTP/1.1) or on
/// a new stream of it (HTTP/2), and passes the response to its `HopReceiver`.
///
/// The connection's handler calls `begin`, `write`, `receive`, `complete`, `failed`, `writeFailed` and
/// `connectionClosed` on the connection's event loop; `resume` and `cancel` come from any thread. A request that lost a reused connection before any byte of
/// its response came back (the server closed an idle keep-alive connection as the request went out) is sent once
/// more on a new connection, as curl and browsers do.
final class SwiftNIOExchange: TransportExchange, @unchecked Sendable {
    /// What one response part did to the hop.
    enum Progress {
        /// More is to come.
        case more
        /// The response is complete; the connection can carry another request when `keepAlive` is true.
        case complete(keepAlive: Bool)
        /// The hop failed and has reported it; the connection must be closed.
        case failed
    }

    /// The request head, as written on the wire.
    private let head: HTTPRequestHead
    /// The request body.
    private let body: ByteBuffer?
    private let url: URL
    private let key: NIOPoolKey
    private let events: HopReceiver
    private let pool: NIOConnectionPool

    private let lock = NSLock()
    // Guarded by `lock`.
    private var cancelled = false
    private var ended = false
    private var waiter: Int?
    /// The connection (HTTP/1.1) or stream (HTTP/2) the request is on, to close when it is cancelled.
    private var carrier: (any Channel)?
    /// The HTTP/2 connection the request was handed, to drain when the request is given up on unanswered.
    private var connection: NIOConnection?
    private var retries = 0
    private var reusedConnection = false
    // Confined to the event loop of the connection carrying the hop (one at a time).
    private var informational = false
    private var keepAlive = true

    init(head: HTTPRequestHead, body: ByteBuffer?, url: URL, key: NIOPoolKey, events: HopReceiver, pool: NIOConnectionPool) {
        self.head = head
        self.body = body
        self.url = url
        self.key = key
        self.events = events
        self.pool = pool
    }

    func resume() {
        acquire(fresh: false)
    }

    private func acquire(fresh: Bool) {
        // The id is known before the pool can deliver, so `cancel` never hands the pool an id that is no longer ours.
        let id = pool.newWaiterID()
        guard lock.withLock({ () -> Bool in
            guard !cancelled, !ended else { return false }
            waiter = id
            return true
        }) else { return }
        pool.acquire(key: key, id: id, fresh: fresh) { [self] result in
            switch result {
            case .success(let connection): start(on: connection)
            case .failure(let error): finish(error)
            }
        }
        // Cancelled between taking the id and joining the queue: the pool's cancel found nothing to remove then.
        if lock.withLock({ cancelled }) { pool.cancel(waiter: id, key: key) }
    }

    private func start(on connection: NIOConnection) {
        switch connection.carrier {
        case .http1(let handler):
            connection.channel.eventLoop.execute { handler.value.send(self, on: connection) }
        case .http2(let multiplexer, _):
            lock.withLock { self.connection = connection }
            let promise = connection.channel.eventLoop.makePromise(of: (any Channel).self)
            // No stream on this connection (it closed, or the server sent GOAWAY): nothing was sent, so the pool stops
            // handing the connection out and the request goes over a new one.
            promise.futureResult.whenFailure { [self, pool] error in
                pool.drain(connection)
                connectionClosed(unsent: true, error: error)
            }
            multiplexer.createStreamChannel(promise: promise) { [self] stream in
                stream.eventLoop.makeCompletedFuture {
                    let codec = HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: key.isTLS ? .https : .http)
                    try stream.pipeline.syncOperations.addHandlers(
                        codec, NIOWireByteCounter(), NIOHTTPResponseDecompressor(limit: .none),
                        NIOHTTP2StreamHandler(exchange: self, connection: connection))
                }
            }
        }
    }

    /// The request is about to be written on `channel` (the connection, or an HTTP/2 stream of `connection`); false
    /// when the hop was cancelled meanwhile and nothing must be written.
    func begin(on opened: NIOConnection, channel: any Channel) -> Bool {
        let go = lock.withLock { () -> Bool in
            guard !cancelled, !ended else { return false }
            waiter = nil
            carrier = channel
            return true
        }
        guard go else { return false }
        let previous = opened.takeTurn()
        reusedConnection = previous > 0
        informational = false
        keepAlive = head.isKeepAlive
        events.carried(on: opened.record, previous: previous)
        return true
    }

    /// Writes the request (head, body, end) on `context`'s channel, right after `begin`; the result fails when the head
    /// could not be written.
    func write(to context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        let written = context.eventLoop.makePromise(of: Void.self)
        context.write(NIOAny(HTTPClientRequestPart.head(head)), promise: written)
        if let body { context.write(NIOAny(HTTPClientRequestPart.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(NIOAny(HTTPClientRequestPart.end(nil)), promise: nil)
        return written.futureResult
    }

    /// Hands one response part to the receiver.
    func receive(_ part: HTTPClientResponsePart) -> Progress {
        switch part {
        case .head(let response):
            // 1xx (but 101) heads are interim: the real one follows.
            if response.status.code >= 100, response.status.code < 200, response.status.code != 101 {
                informational = true
                return .more
            }
            informational = false
            // After 101 the connection speaks another protocol: it never carries another HTTP request.
            keepAlive = keepAlive && response.isKeepAlive && response.status.code != 101
            switch NIOResponseHead.response(from: response, url: url) {
            case .success(let (converted, version, fields)):
                events.received(head: converted, fields: fields, connection: ConnectionDetails(httpVersion: version))
                return .more
            case .failure(let error):
                finish(error)
                return .failed
            }
        case .body(let buffer):
            if !informational { events.received(body: Data(buffer.readableBytesView)) }
            return .more
        case .end:
            if informational {
                informational = false
                return .more
            }
            return .complete(keepAlive: keepAlive)
        }
    }

    /// `count` body bytes came over the wire, before decompression (`NIOWireByteCounter` counts them).
    func receivedWire(bytes count: Int) {
        if !informational { events.received(wireBytes: count) }
    }

    /// The response is complete.
    func complete() {
        finish(nil)
    }

    /// The connection or stream failed with `error`.
    func fail(_ error: any Error) {
        finish(URLError.fromNIO(error, head: events.head, received: events.receivedCount))
    }

    /// The connection or stream closed (or was reset) before the response was complete, with `error`; `unsent` when
    /// the request was never written. A request that got nothing back from a reused connection goes again on a new one.
    func connectionClosed(unsent: Bool, error: any Error = ChannelError.eof) {
        let retry = lock.withLock { () -> Bool in
            guard !cancelled, !ended else { return false }
            let nothingBack = unsent || (reusedConnection && events.head == nil && events.receivedCount == 0)
            guard nothingBack, retries < 2 else { return false }
            retries += 1
            carrier = nil
            return true
        }
        if retry { return acquire(fresh: true) }
        fail(error)
    }

    /// The connection or stream failed with `error`: a close or reset goes the way of `connectionClosed` (a TLS peer
    /// that closes without close_notify, or a reset, is how many servers drop an idle keep-alive connection).
    func failed(_ error: any Error) {
        if Self.isClosing(error) { return connectionClosed(unsent: false, error: error) }
        // An HTTP/2 stream the server refused, or cancelled before answering (those above its GOAWAY): it never
        // processed the request, so it goes again.
        if let closed = error as? NIOHTTP2Errors.StreamClosed, closed.errorCode == .refusedStream || closed.errorCode == .cancel,
           events.head == nil, events.receivedCount == 0 {
            return connectionClosed(unsent: true, error: error)
        }
        fail(error)
    }

    /// The request could not be written on `connection`: a close goes the way of `connectionClosed`; a stream the
    /// server's GOAWAY refused is sent again elsewhere; anything else is SwiftNIO refusing the request head (a method
    /// or header it will not put on the wire).
    func writeFailed(_ error: any Error, on connection: NIOConnection) {
        if Self.isClosing(error) { return connectionClosed(unsent: false, error: error) }
        if error is NIOHTTP2Errors.CreatedStreamAfterGoaway || error is NIOHTTP2Errors.IOOnClosedConnection {
            pool.drain(connection)
            return connectionClosed(unsent: true, error: error)
        }
        finish(URLError(.badURL, detail: "the request could not be written: \(error)"))
    }

    /// True for the errors that mean the peer closed or reset the connection.
    static func isClosing(_ error: any Error) -> Bool {
        if let channel = error as? ChannelError {
            switch channel {
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: return true
            default: return false
            }
        }
        if let io = error as? IOError { return io.errnoCode == ECONNRESET || io.errnoCode == EPIPE }
        if let tls = error as? NIOSSLError, case .uncleanShutdown = tls { return true }
        return false
    }

    /// The response is complete and the connection is about to go back to the pool: a cancel from now on must not
    /// close it, since it may already carry the next request.
    func detach() {
        lock.withLock { carrier = nil }
    }

    private func finish(_ error: URLError?) {
        let go = lock.withLock { () -> Bool in
            guard !ended else { return false }
            ended = true
            carrier = nil
            waiter = nil
            return true
        }
        if go { events.finished(error: error) }
    }

    func cancel() {
        let (waiter, carrier, connection, first) = lock.withLock { () -> (Int?, (any Channel)?, NIOConnection?, Bool) in
            defer {
                cancelled = true
                ended = true
                self.waiter = nil
                self.carrier = nil
            }
            return (self.waiter, self.carrier, self.connection, !cancelled && !ended)
        }
        guard first else { return events.finished(error: URLError(.cancelled)) }
        // The pool hears first: whoever is waiting for this hop to end may send the next request at once.
        if let waiter { pool.cancel(waiter: waiter, key: key) }
        carrier?.close(promise: nil)
        // An HTTP/2 request that got nothing back before it was given up on: the connection may be dead without
        // knowing it (a network that went away), so new requests go over a new one.
        if let connection, connection.isMultiplexed, events.head == nil { pool.drain(connection) }
        events.finished(error: URLError(.cancelled))
    }
}
