import DemoServer
import Foundation

/// The demo API started on 127.0.0.1 with a free port, for tests that need a real HTTP server.
public final class LoopbackServer: Sendable {
    /// The running server.
    public let server: DemoServer
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL
    /// The bound port.
    public let port: UInt16

    private init(server: DemoServer, port: UInt16) {
        self.server = server
        self.port = port
        self.baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Starts a new server on port 0 and waits until it accepts connections.
    public static func start() async throws -> LoopbackServer {
        let server = DemoServer()
        let port = try await server.start(port: 0)
        return LoopbackServer(server: server, port: port)
    }

    /// An absolute URL for a path on this server (`/echo?x=1`).
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path) ?? baseURL
    }

    /// How many requests reached a path (without its query).
    public func hits(_ path: String) async -> Int {
        await server.hitCount(path)
    }

    /// Stops the server.
    public func stop() async {
        await server.stop()
    }
}
