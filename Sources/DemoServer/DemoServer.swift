import FlyingFox
import Foundation

/// The built-in demo API: users, posts and todos, echo, status codes, delays, redirects, gzip and auth, on loopback.
public actor DemoServer {
    /// The token `/bearer` and the bundled Demo collection use.
    public static let bearerToken = "demo-token"

    private let state = DemoState()
    private var server: HTTPServer?
    private var runTask: Task<Void, any Error>?

    /// Creates a stopped server.
    public init() {}

    /// Binds 127.0.0.1 on `port` (0 picks a free one), starts serving and returns the bound port.
    public func start(port: UInt16 = 0) async throws -> UInt16 {
        if let bound = await boundPort() { return bound }
        let server = HTTPServer(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: port), timeout: 60, logger: .disabled,
                                handler: DemoRouter(state: state))
        // FlyingFox's catch-all only covers the standard methods; echo must answer extension methods too.
        let extensionMethods = ["PURGE", "LINK", "UNLINK", "PROPFIND", "REPORT", "SEARCH", "QUERY", "COPY", "MOVE", "MKCOL", "LOCK", "UNLOCK"]
        await server.appendRoute(HTTPRoute(methods: extensionMethods.map { HTTPMethod($0) }, path: "*"), to: DemoRouter(state: state))
        self.server = server
        runTask = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard let bound = await boundPort() else { throw DemoServerError.notListening }
        ListeningSocket.disableNagle(port: bound)
        return bound
    }

    /// The port the server listens on, or nil before it started.
    public func boundPort() async -> UInt16? {
        guard let server, case let .ip4(_, port)? = await server.listeningAddress else { return nil }
        return port
    }

    /// How many requests reached a path (without its query) since the server started.
    public func hitCount(_ path: String) async -> Int {
        await state.hits(path)
    }

    /// Serves until the surrounding task is cancelled; for `apiexplorer serve-demo`.
    public func waitUntilStopped() async {
        _ = await runTask?.result
    }

    /// Stops listening and closes open connections, giving requests in progress up to `timeout` seconds to finish.
    public func stop(timeout: TimeInterval = 1) async {
        await server?.stop(timeout: timeout)
        runTask?.cancel()
        server = nil
        runTask = nil
    }
}
