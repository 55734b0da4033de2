import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// `apiexplorer mock`'s server: HTTP/1.1 with keep-alive on SwiftNIO, answering from a `MockResponder`.
public struct MockServer: Sendable {
    /// The port it listens on (the one chosen when 0 was asked for).
    public let port: Int
    /// The address it listens on.
    public let host: String
    private let channel: any Channel

    /// Starts listening on `host`:`port` (0 picks a free port); `log` is called with each request answered, on the
    /// connection's event loop. Throws `MockServerError` when the address cannot be bound (in use, not local).
    public static func start(_ responder: MockResponder, host: String = "127.0.0.1", port: Int,
                             group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
                             log: @escaping @Sendable (MockServedRequest) -> Void = { _ in }) async throws -> MockServer {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(MockHTTPHandler(responder: responder, log: log))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: host, port: port).get()
        } catch let error as IOError {
            throw MockServerError.cannotListen(host: host, port: port, reason: String(cString: strerror(error.errnoCode)))
        } catch {
            throw MockServerError.cannotListen(host: host, port: port, reason: "\(error)")
        }
        return MockServer(port: channel.localAddress?.port ?? port, host: host, channel: channel)
    }

    /// The base URL clients use: `http://127.0.0.1:8080`.
    public var url: String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// Stops listening; connections still open are closed with the event loop group.
    public func stop() async throws {
        try await channel.close()
    }

    /// Returns once the server stopped listening.
    public func waitUntilStopped() async throws {
        try await channel.closeFuture.get()
    }
}
