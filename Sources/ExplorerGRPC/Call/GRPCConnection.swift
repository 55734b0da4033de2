import ExplorerCore
import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP/2 connection to a gRPC server over ExplorerCore's connector (DNS, TCP, a CONNECT tunnel through a proxy,
/// TLS with the request's verification and certificates, ALPN `h2`); `grpc://` speaks HTTP/2 in the clear (h2c, with
/// prior knowledge). Each call is a stream of its own.
public final class GRPCConnection: Sendable {
    /// `host:port` as calls name it in `:authority`.
    public let authority: String
    /// The server's address (`127.0.0.1:50051`).
    public let remoteAddress: String
    /// True for grpcs.
    public let isTLS: Bool
    private let channel: any Channel
    private let multiplexer: NIOLoopBound<NIOHTTP2Handler.StreamMultiplexer>
    private let options: GRPCCallOptions

    private init(channel: any Channel, multiplexer: NIOLoopBound<NIOHTTP2Handler.StreamMultiplexer>, authority: String, isTLS: Bool,
                 options: GRPCCallOptions) {
        self.channel = channel
        self.multiplexer = multiplexer
        self.authority = authority
        self.isTLS = isTLS
        self.options = options
        remoteAddress = NIOAddressText.text(of: channel.remoteAddress) ?? "?"
    }

    /// `host:port` of the server at `url` as a connection to it names it (`authority`), for a cache looked in without
    /// connecting; nil when `url` has no host.
    public static func authority(of url: URL) -> String? {
        guard url.host?.isEmpty == false else { return nil }
        return try? NIOPoolKey.connection(to: url, isTLS: url.scheme?.lowercased() == "grpcs", tls: TLSOptions(), proxy: ProxyChoice.direct).authority
    }

    /// Opens a connection to the server of `url` (`grpc://host:port` or `grpcs://host:port`).
    public static func open(to url: URL, options: GRPCCallOptions = GRPCCallOptions()) async throws(GRPCFailure) -> GRPCConnection {
        guard let scheme = url.scheme?.lowercased(), scheme == "grpc" || scheme == "grpcs", url.host?.isEmpty == false else {
            throw GRPCFailure("\(url.absoluteString) is not a gRPC address (grpc://host:port, or grpcs://host:port for TLS)")
        }
        var verified = options.tls
        verified.verify = options.verifyTLS
        let tls = verified
        let key: NIOPoolKey
        do { key = try NIOPoolKey.connection(to: url, isTLS: scheme == "grpcs", tls: tls, proxy: options.proxy) } catch {
            throw GRPCFailure(error.connectionFailureText)
        }
        do {
            guard let connection = try await NIOConnector.opening(within: options.connectTimeout, {
                try await connect(key: key, tls: tls, options: options)
            }) else {
                throw GRPCFailure("Could not connect to \(key.authority) within \(options.connectTimeout) s. Check that the server is running and reachable.", isConnection: true)
            }
            return connection
        } catch var failure as GRPCFailure {
            failure.isConnection = true
            throw failure
        } catch let error as URLError {
            throw GRPCFailure(error.connectionFailureText, isConnection: true)
        } catch {
            throw GRPCFailure(URLError.fromNIO(error, head: nil, received: 0).connectionFailureText, isConnection: true)
        }
    }

    private static func connect(key: NIOPoolKey, tls: TLSOptions, options: GRPCCallOptions) async throws -> GRPCConnection {
        // Nothing is read until the HTTP/2 handlers are in place: over h2c the server's SETTINGS come at once, and bytes
        // read into an empty pipeline are lost (the client then never sees the server's preface, and drops its replies).
        let (channel, _) = try await NIOConnector.connected(key: key, group: MultiThreadedEventLoopGroup.singleton, autoRead: key.proxy != nil)
        do {
            return try await withTaskCancellationHandler {
                let early = try await tunnel(channel, key: key)
                let multiplexer = try await configure(channel, key: key, tls: tls, early: early)
                return GRPCConnection(channel: channel, multiplexer: multiplexer, authority: key.authority, isTLS: key.isTLS, options: options)
            } onCancel: {
                channel.close(promise: nil)
            }
        } catch {
            channel.close(promise: nil)
            throw error
        }
    }

    /// The CONNECT tunnel through the proxy, when there is one. HTTP/2 cannot pass through a plain HTTP proxy, so
    /// grpc:// goes through a tunnel too, its HTTP/2 handlers added as the tunnel opens (the server's SETTINGS may come
    /// right behind the proxy's 200); they are returned then.
    private static func tunnel(_ channel: any Channel, key: NIOPoolKey) async throws -> NIOLoopBound<NIOHTTP2Handler.StreamMultiplexer>? {
        guard !key.isTLS else {
            try await NIOConnector.tunnel(channel, key: key, always: true)
            return nil
        }
        let early = NIOLoopBoundBox.makeEmptyBox(valueType: NIOLoopBound<NIOHTTP2Handler.StreamMultiplexer>.self, eventLoop: channel.eventLoop)
        let configure: @Sendable (any Channel) throws -> Void = { tunneled in early.value = try http2(on: tunneled) }
        try await NIOConnector.tunnel(channel, key: key, always: true, then: configure)
        return try await channel.eventLoop.submit { early.value }.get()
    }

    private static func configure(_ channel: any Channel, key: NIOPoolKey, tls: TLSOptions,
                                  early: NIOLoopBound<NIOHTTP2Handler.StreamMultiplexer>?) async throws
        -> NIOLoopBound<NIOHTTP2Handler.StreamMultiplexer> {
        guard key.isTLS else {
            return try await channel.eventLoop.submit {
                let multiplexer = try early ?? http2(on: channel)
                try channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
                return multiplexer
            }.get()
        }
        var configuration = try tls.makeTLSConfiguration()
        configuration.applicationProtocols = ["h2"]
        let context = try NIOSSLContext(configuration: configuration)
        let done = channel.eventLoop.makePromise(of: NIOLoopBound<NIOHTTP2Handler.StreamMultiplexer>.self)
        try await channel.eventLoop.submit {
            let handler = try NIOSSLClientHandler(context: context, serverHostname: key.hostIsAddress ? nil : key.host)
            try channel.pipeline.syncOperations.addHandler(handler)
            try channel.pipeline.syncOperations.addHandler(NIOTLSHandshakeWatcher(host: key.host, configure: { negotiated in
                guard negotiated == "h2" else {
                    throw GRPCFailure("\(key.authority) did not agree to HTTP/2 in the TLS handshake (ALPN: \(negotiated ?? "none")); gRPC needs HTTP/2.")
                }
                return try http2(on: channel)
            }, promise: done))
            // The handshake reads; the watcher adds HTTP/2 before the first decrypted byte is passed on.
            try channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        }.get()
        return try await done.futureResult.get()
    }

    /// The HTTP/2 handlers on `channel`, and the multiplexer calls open streams with; on the channel's event loop.
    private static func http2(on channel: any Channel) throws -> NIOLoopBound<NIOHTTP2Handler.StreamMultiplexer> {
        let multiplexer = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
            mode: .client, connectionConfiguration: NIOConnector.http2Connection, streamConfiguration: NIOConnector.http2Stream,
            inboundStreamInitializer: { pushed in pushed.close() })
        return NIOLoopBound(multiplexer, eventLoop: channel.eventLoop)
    }

    /// Starts a call to `path` (`/shop.v1.Inventory/GetItem`) with `metadata` as headers and a deadline of `timeout`
    /// seconds (sent as `grpc-timeout` and enforced here too).
    public func start(path: String, metadata: [(name: String, value: String)] = [], timeout: Double? = nil) async throws(GRPCFailure) -> GRPCCall {
        var headers = HPACKHeaders()
        headers.add(name: ":method", value: "POST")
        headers.add(name: ":scheme", value: isTLS ? "https" : "http")
        headers.add(name: ":path", value: path)
        headers.add(name: ":authority", value: authority)
        headers.add(name: "content-type", value: "application/grpc")
        headers.add(name: "te", value: "trailers")
        headers.add(name: "grpc-accept-encoding", value: "gzip")
        if options.gzip { headers.add(name: "grpc-encoding", value: "gzip") }
        if let timeout { headers.add(name: "grpc-timeout", value: GRPCMetadata.timeout(timeout)) }
        if !metadata.contains(where: { $0.name.lowercased() == "user-agent" }) { headers.add(name: "user-agent", value: "apiexplorer grpc") }
        for entry in metadata {
            let name = entry.name.lowercased()
            guard !name.isEmpty, !GRPCMetadata.reserved.contains(name) else {
                throw GRPCFailure("metadata \"\(entry.name)\" is set by the call itself and cannot be sent as a header")
            }
            headers.add(name: name, value: entry.value)
        }
        let (events, continuation) = AsyncStream.makeStream(of: GRPCEvent.self)
        let limit = options.maxMessageSize
        let requestHeaders = headers
        let multiplexer = self.multiplexer
        let gzip = options.gzip
        do {
            return try await channel.eventLoop.flatSubmit { () -> EventLoopFuture<GRPCCall> in
                let handler = GRPCStreamHandler(continuation: continuation, headers: requestHeaders, deadline: timeout, limit: limit)
                let bound = NIOLoopBound(handler, eventLoop: multiplexer.eventLoop)
                return multiplexer.value.createStreamChannel { stream in
                    stream.eventLoop.makeCompletedFuture { try stream.pipeline.syncOperations.addHandler(bound.value) }
                }.map { _ in GRPCCall(events: events, handler: bound, gzip: gzip) }
            }.get()
        } catch {
            throw GRPCFailure("could not start the call: the connection to \(authority) is closed (\(error))", isConnection: true)
        }
    }

    /// Closes the connection; calls still running end UNAVAILABLE.
    public func close() {
        channel.close(promise: nil)
    }
}
