import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOHTTPCompression
import NIOPosix
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens one connection for `SwiftNIOTransport`, timing each phase: DNS (the system resolver), the TCP connect (each
/// address in the order the resolver gave, until one answers), a proxy tunnel for https, the TLS handshake with ALPN,
/// and then the pipeline for the protocol the server chose.
package enum NIOConnector {
    /// How long an HTTP/1.1 connection may sit idle in the pool before it is closed.
    static let idleTimeout = TimeAmount.seconds(60)

    /// A connection ready to carry requests for `key`; a URLError (as FoundationNetworking words it) when it cannot be
    /// opened. Cancelling the task closes what was opened so far.
    static func open(key: NIOPoolKey, tls: NIOSSLContext?, group: any EventLoopGroup, pool: NIOConnectionPool) async throws(URLError) -> NIOConnection {
        do {
            return try await openChannel(key: key, tls: tls, group: group, pool: pool)
        } catch is CancellationError {
            throw URLError(.cancelled)
        } catch {
            throw URLError.fromNIO(error, head: nil, received: 0)
        }
    }

    private static func openChannel(key: NIOPoolKey, tls: NIOSSLContext?, group: any EventLoopGroup, pool: NIOConnectionPool) async throws -> NIOConnection {
        let started = DispatchTime.now().uptimeNanoseconds
        let (channel, resolved) = try await connected(key: key, group: group)
        do {
            return try await withTaskCancellationHandler {
                try Task.checkCancellation()
                return try await prepare(channel, key: key, tls: tls, pool: pool, started: started, resolved: resolved)
            } onCancel: {
                channel.close(promise: nil)
            }
        } catch {
            channel.close(promise: nil)
            throw error
        }
    }

    /// What a client HTTP/2 connection announces: no server push, and 1 MiB flow-control windows.
    package static var http2Connection: NIOHTTP2Handler.ConnectionConfiguration {
        var connection = NIOHTTP2Handler.ConnectionConfiguration()
        connection.initialSettings = nioDefaultSettings + [
            HTTP2Setting(parameter: .enablePush, value: 0), HTTP2Setting(parameter: .initialWindowSize, value: 1 << 20),
        ]
        return connection
    }

    /// Each stream's flow-control window on a client HTTP/2 connection: 1 MiB, as the connection's settings say.
    package static var http2Stream: NIOHTTP2Handler.StreamConfiguration {
        var stream = NIOHTTP2Handler.StreamConfiguration()
        stream.targetWindowSize = 1 << 20
        return stream
    }

    /// `open`'s result, or nil when `seconds` pass first (the opening is then cancelled, closing what it opened).
    /// For the connections of protocols that bound their opening as a whole (WebSocket, gRPC).
    package static func opening<Connection: Sendable>(within seconds: Double,
                                                      _ open: @escaping @Sendable () async throws -> Connection) async throws -> Connection? {
        try await withThrowingTaskGroup(of: Connection?.self) { group in
            group.addTask { try await open() }
            group.addTask {
                // Bounded, so that no value a user types (`1e30`, `nan`) can trap the conversion.
                try await Task.sleep(nanoseconds: UInt64((seconds.isNaN ? 0 : min(max(seconds, 0), 1e9)) * 1e9))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    /// A TCP connection to the host of `key`, or to its proxy, and when the host name was resolved (`nil` for an IP
    /// address). Without `autoRead` nothing is read until the caller turns it on: a protocol whose server speaks
    /// first (HTTP/2 with prior knowledge) must have its handlers in place before the first bytes are read.
    package static func connected(key: NIOPoolKey, group: any EventLoopGroup, autoRead: Bool = true) async throws -> (channel: any Channel, resolved: UInt64?) {
        let host = key.proxy?.host ?? key.host
        let port = key.proxy?.port ?? key.port
        var resolved: UInt64?
        let addresses: [SocketAddress]
        if let literal = try? SocketAddress(ipAddress: host, port: port) {
            addresses = [literal]
        } else {
            addresses = try await NIOHostResolver.resolve(host, port: port)
            resolved = DispatchTime.now().uptimeNanoseconds
        }
        try Task.checkCancellation()
        return (try await connect(to: addresses, group: group, autoRead: autoRead), resolved)
    }

    /// The CONNECT tunnel through the proxy of an https `key` (of any key with `always`, as a WebSocket needs one
    /// over plain http too); nothing for a direct connection or plain http. `then` adds the protocol's handlers on the
    /// event loop the moment the tunnel opens, for a server that speaks first (HTTP/2 with prior knowledge).
    package static func tunnel(_ channel: any Channel, key: NIOPoolKey, always: Bool = false,
                               then configure: (@Sendable (any Channel) throws -> Void)? = nil) async throws {
        guard key.isTLS || always, let proxy = key.proxy else { return }
        let opened = channel.eventLoop.makePromise(of: Void.self)
        try await channel.eventLoop.submit {
            if let configure {
                try NIORawTunnelHandler.start(on: channel, authority: key.authority, authorization: proxy.authorization, promise: opened,
                                              opened: configure)
            } else {
                try NIOProxyTunnelHandler.start(on: channel, authority: key.authority, authorization: proxy.authorization, promise: opened)
            }
        }.get()
        try await opened.futureResult.get()
    }

    /// A TCP connection to the first of `addresses` that accepts one (`NIOAddressRace`).
    private static func connect(to addresses: [SocketAddress], group: any EventLoopGroup, autoRead: Bool) async throws -> any Channel {
        let loop = group.next()
        let race = NIOAddressRace(addresses: addresses, eventLoop: loop) { address in
            ClientBootstrap(group: loop)
                .channelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
                .channelOption(ChannelOptions.autoRead, value: autoRead)
                // The core's timers bound each request; this bounds an attempt that lost the race or outlived its request.
                .connectTimeout(NIOConnectionPool.openingTimeout)
                .connect(to: address)
        }
        return try await withTaskCancellationHandler {
            try await race.run().get()
        } onCancel: {
            race.cancel()
        }
    }

    /// Tunnel, TLS and the protocol's handlers on a connected channel.
    private static func prepare(_ channel: any Channel, key: NIOPoolKey, tls: NIOSSLContext?, pool: NIOConnectionPool,
                                started: UInt64, resolved: UInt64?) async throws -> NIOConnection {
        try await tunnel(channel, key: key)
        let connected = DispatchTime.now().uptimeNanoseconds
        // Sets up the protocol's handlers; runs on the channel's event loop.
        let configure = { (http2: Bool) throws -> NIOConnection.Carrier in
            let pipeline = channel.pipeline.syncOperations
            if http2 {
                // In front of the HTTP/2 handler, where it sees every byte; the keeper closes the connection when idle.
                try pipeline.addHandler(IdleStateHandler(allTimeout: NIOConnector.idleTimeout))
                let keeper = NIOHTTP2ConnectionKeeper()
                let multiplexer = try pipeline.configureHTTP2Pipeline(
                    mode: .client, connectionConfiguration: http2Connection, streamConfiguration: http2Stream, streamDelegate: keeper,
                    inboundStreamInitializer: { pushed in pushed.close() })
                try pipeline.addHandler(keeper)
                return .http2(multiplexer, keeper: NIOLoopBound(keeper, eventLoop: channel.eventLoop))
            }
            try pipeline.addHTTPClientHandlers()
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPResponseDecoder>.self)
            try pipeline.addHandler(HeadControlByteEscaper(), position: .before(decoder))
            try pipeline.addHandler(NIOWireByteCounter())
            try pipeline.addHandler(NIOHTTPResponseDecompressor(limit: .none))
            // An idle keep-alive connection is closed after a minute, as browsers do, rather than kept for ever.
            try pipeline.addHandler(IdleStateHandler(allTimeout: NIOConnector.idleTimeout))
            let handler = NIOHTTP1ConnectionHandler(pool: pool)
            try pipeline.addHandler(handler)
            return .http1(NIOLoopBound(handler, eventLoop: channel.eventLoop))
        }
        let carrier: NIOConnection.Carrier
        if let tls {
            let done = channel.eventLoop.makePromise(of: NIOConnection.Carrier.self)
            try await channel.eventLoop.submit {
                // No SNI for an IP address (RFC 6066), as curl does.
                let handler = try NIOSSLClientHandler(context: tls, serverHostname: key.hostIsAddress ? nil : key.host)
                try channel.pipeline.syncOperations.addHandler(handler)
                try channel.pipeline.syncOperations.addHandler(NIOTLSHandshakeWatcher(host: key.host, configure: { try configure($0 == "h2") }, promise: done))
            }.get()
            carrier = try await done.futureResult.get()
        } else {
            carrier = try await channel.eventLoop.submit { try configure(false) }.get()
        }
        return try await channel.eventLoop.submit { () -> NIOConnection in
            let http2 = if case .http2 = carrier { true } else { false }
            let ready = DispatchTime.now().uptimeNanoseconds
            let phases = ConnectionPhases(started: started, resolved: resolved, connected: connected, ready: ready, tls: tls != nil)
            let record = ConnectionRecord(number: pool.nextConnectionNumber(), readyAt: ready,
                                          remoteAddress: NIOAddressText.text(of: channel.remoteAddress),
                                          tls: TLSDetails(channel: channel), httpVersion: http2 ? "HTTP/2" : "HTTP/1.1",
                                          phases: phases)
            let connection = NIOConnection(channel: channel, record: record, key: key, carrier: carrier)
            connection.report(to: pool)
            return connection
        }.get()
    }
}
