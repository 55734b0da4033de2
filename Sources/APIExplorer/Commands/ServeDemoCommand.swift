import ArgumentParser
import DemoServer
import Foundation

/// `apiexplorer serve-demo`: runs the built-in demo API on loopback until interrupted.
struct ServeDemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-demo",
        abstract: "Run the built-in demo API on 127.0.0.1 (users, posts, todos, echo, status codes, delays, redirects...)."
    )

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: UInt16 = 8787

    mutating func run() async throws {
        let server = DemoServer()
        let bound: UInt16
        do {
            bound = try await server.start(port: port)
        } catch {
            throw ValidationError("Could not listen on 127.0.0.1:\(port): \(error). Try another --port, or 0 for a free one.")
        }
        // Written unbuffered so a script reading the port sees it at once.
        FileHandle.standardOutput.write(Data("Demo API listening on http://127.0.0.1:\(bound)  (GET / lists the routes; Ctrl-C stops it)\n".utf8))
        await server.waitUntilStopped()
    }
}
