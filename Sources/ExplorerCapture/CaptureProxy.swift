import ExplorerCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// `apiexplorer proxy`: an HTTP forward proxy that takes absolute-form requests and `CONNECT` tunnels, intercepts
/// HTTPS with certificates from its `CaptureAuthority`, forwards each request through ExplorerCore's transport (HTTP/2
/// when the upstream offers it) and hands every finished exchange to `onExchange`.
public final class CaptureProxy: Sendable {
    /// The port it listens on.
    public let port: Int
    /// The address it listens on.
    public let host: String
    private let channel: any Channel

    private init(channel: any Channel, host: String, port: Int) {
        self.channel = channel
        self.host = host
        self.port = port
    }

    /// `http://HOST:PORT`, the value for `HTTP_PROXY` and `HTTPS_PROXY`.
    public var url: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// Starts listening; fails when the address cannot be bound (a port in use says so).
    public static func start(options: CaptureOptions, authority: CaptureAuthority,
                             onExchange: @escaping @Sendable (CapturedExchange) -> Void) async throws -> CaptureProxy {
        let session = CaptureSession(options: options, authority: authority, onExchange: onExchange)
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let decoder = ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes))
                    let encoder = CaptureConnectionHandler.makeEncoder()
                    let operations = channel.pipeline.syncOperations
                    try operations.addHandler(decoder)
                    try operations.addHandler(encoder)
                    try operations.addHandler(CaptureConnectionHandler(session: session, decoder: decoder, encoder: encoder))
                }
            }
        let channel = try await bootstrap.bind(host: options.host, port: options.port).get()
        let port = channel.localAddress?.port ?? options.port
        return CaptureProxy(channel: channel, host: options.host, port: port)
    }

    /// Stops listening; connections in flight end as their clients close them.
    public func stop() async {
        try? await channel.close()
    }
}
