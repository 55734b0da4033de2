import DemoServer
import ExplorerCore
import Foundation

/// Starts the built-in demo API in this process when an environment's base URL is `builtin:demo`.
actor DemoServerLauncher {
    private var server: DemoServer?
    private var url: URL?

    /// The demo API's base URL, starting it on a free loopback port the first time.
    func baseURL() async throws -> URL {
        if let url { return url }
        let server = DemoServer()
        let port = try await server.start(port: 0)
        let url = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
        self.server = server
        self.url = url
        return url
    }

    /// Stops the server if it was started, at once: the process is about to exit, and a grace period for open
    /// connections only waited out the client's idle keep-alive connection (1 s added to every send and quit).
    func stop() async {
        await server?.stop(timeout: 0)
    }
}
