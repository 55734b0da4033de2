import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2

/// Tells each hop on `AsyncHTTPClientTransport` exactly which connection carried it, with AsyncHTTPClient's public
/// API only. AHC calls the connection debug initializers once a connection is ready (TCP, TLS and ALPN done, before the
/// pool hands it out): each connection gets a number and a record, and a `HopMarkerHandler` in front of its encoder
/// (on HTTP/2, in front of each stream's codec). The transport adds `markerHeader` with the hop's number to the request;
/// the handler takes it out of the head before it is written and reports the hop here, which passes the connection
/// to the hop's `HopReceiver`. The marker never reaches a server: a connection whose handler cannot be installed fails.
final class ConnectionLog: @unchecked Sendable {
    /// The private request header that carries a hop's number from the transport to the connection's handler. Its
    /// name ends in a random suffix made once per process, so a header a user sets can never be taken for it (and
    /// dropped) by chance.
    static let markerHeader = "x-apiexplorer-hop-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)

    private let lock = NSLock()
    // Guarded by `lock`.
    private var connectionsOpened = 0
    private var hopsNumbered = 0
    private var waiting: [Int: HopReceiver] = [:]

    /// A number for a new hop, to send in `markerHeader`.
    func nextHop() -> Int {
        lock.withLock {
            hopsNumbered += 1
            return hopsNumbered
        }
    }

    /// `receiver` is told the connection when the head of hop `hop` is written.
    func expect(hop: Int, receiver: HopReceiver) {
        lock.withLock { waiting[hop] = receiver }
    }

    /// Hop `hop` ended; it is no longer waited for (it may never have reached a connection).
    func forget(hop: Int) {
        _ = lock.withLock { waiting.removeValue(forKey: hop) }
    }

    /// The head of hop `hop` is being written on the connection `record`, which carried `previous` requests before it.
    func carried(hop: Int, on record: ConnectionRecord, previous: Int) {
        guard let receiver = lock.withLock({ waiting.removeValue(forKey: hop) }) else { return }
        receiver.carried(on: record, previous: previous)
    }

    /// For `http1_1ConnectionDebugInitializer`: records the new connection and puts a marker handler before its encoder.
    func http1ConnectionReady(_ channel: any Channel) -> EventLoopFuture<Void> {
        let readyAt = DispatchTime.now().uptimeNanoseconds
        return onLoop(of: channel) { [self] in
            let tag = ConnectionTag(record: record(of: channel, readyAt: readyAt, httpVersion: "HTTP/1.1"))
            let pipeline = channel.pipeline.syncOperations
            let encoder = try pipeline.handler(type: HTTPRequestEncoder.self)
            try pipeline.addHandler(HopMarkerHandler(tag: tag, log: self), position: .after(encoder))
        }
    }

    /// For `http2ConnectionDebugInitializer`: records the new connection in a tag its streams find.
    func http2ConnectionReady(_ channel: any Channel) -> EventLoopFuture<Void> {
        let readyAt = DispatchTime.now().uptimeNanoseconds
        return onLoop(of: channel) { [self] in
            let tag = ConnectionTag(record: record(of: channel, readyAt: readyAt, httpVersion: "HTTP/2"))
            try channel.pipeline.syncOperations.addHandler(tag)
        }
    }

    /// For `http2StreamChannelDebugInitializer`: puts a marker handler, sharing its connection's tag, before the stream's
    /// HTTP/2-to-HTTP/1 codec. Runs on the connection's event loop, which its streams share.
    func http2StreamReady(_ channel: any Channel) -> EventLoopFuture<Void> {
        onLoop(of: channel) { [self] in
            guard let parent = channel.parent else { throw ChannelError.inappropriateOperationForState }
            let tag = try parent.pipeline.syncOperations.handler(type: ConnectionTag.self)
            let pipeline = channel.pipeline.syncOperations
            let codec = try pipeline.handler(type: HTTP2FramePayloadToHTTP1ClientCodec.self)
            try pipeline.addHandler(HopMarkerHandler(tag: tag, log: self), position: .after(codec))
        }
    }

    /// Runs `body` on the channel's event loop, at once when already there.
    private func onLoop(of channel: any Channel, _ body: @escaping @Sendable () throws -> Void) -> EventLoopFuture<Void> {
        if channel.eventLoop.inEventLoop { return channel.eventLoop.makeCompletedFuture { try body() } }
        return channel.eventLoop.submit(body)
    }

    /// A numbered record of a ready connection; runs on its event loop (the TLS handler is read synchronously).
    private func record(of channel: any Channel, readyAt: UInt64, httpVersion: String) -> ConnectionRecord {
        let number = lock.withLock {
            connectionsOpened += 1
            return connectionsOpened
        }
        return ConnectionRecord(number: number, readyAt: readyAt, remoteAddress: ConnectionLog.text(of: channel.remoteAddress),
                                tls: TLSDetails(channel: channel), httpVersion: httpVersion)
    }

    /// "127.0.0.1:8443", or "[::1]:8443" for IPv6; `nil` for an address without IP and port.
    static func text(of address: SocketAddress?) -> String? {
        guard let address, let ip = address.ipAddress, let port = address.port else { return nil }
        if case .v6 = address { return "[\(ip)]:\(port)" }
        return "\(ip):\(port)"
    }
}
