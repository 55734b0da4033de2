import DemoServer
import FlyingFox
import Foundation

/// A loopback HTTP server for the benchmarks: `/small` answers a few bytes of JSON, `/large/N` a prepared N-byte JSON body.
actor BenchServer {
    private var server: HTTPServer?
    private var task: Task<Void, any Error>?

    /// Starts on 127.0.0.1 with a free port, serving `bodies` by size, and returns the base URL.
    func start(bodies: [Int: Data]) async throws -> URL {
        let server = HTTPServer(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled,
                                handler: BenchHandler(bodies: bodies))
        self.server = server
        task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard case let .ip4(_, port)? = await server.listeningAddress,
              let url = URL(string: "http://127.0.0.1:\(port)") else { throw BenchFailure("the bench server did not start") }
        ListeningSocket.disableNagle(port: port)
        return url
    }

    /// Stops listening.
    func stop() async {
        await server?.stop(timeout: 1)
        task?.cancel()
    }
}
