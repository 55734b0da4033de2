import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// Trust in the real explorer: sending a request of a cloned collection that reads a file outside it asks in an
/// overlay listing the file with its place; n sends nothing, y sends the file's text and remembers the trust.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct TrustEndToEndTests {
    @Test func theExplorerAsksBeforeReadingOutsideTheCollection() throws {
        let server = try FaultServer(routes: ["/whoami": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "trusted-ok")])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("home/key.txt", "KEY-BYTES")
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("T/a.yaml", "name: A\nurl: /whoami\nheaders:\n  - name: X-Key\n    value: \"{{$file ~/key.txt}}\"\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let environment = ["HOME": temp.path + "/home", "APIEXPLORER_STATE_DIR": temp.path + "/state"]
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 120, height: 24,
                                      environment: environment)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.sendKeys("j")
        try session.waitFor("/whoami")
        try session.sendKeys("C-j")
        let asked = try session.waitFor("Trust collection T?")
        #expect(asked.contains("a.yaml:5  reads the file \(CollectionBoundary.realPath(temp.path))/home/key.txt"), "\(asked)")
        try session.sendKeys("n")
        _ = try session.waitUntilGone("Trust collection T?")
        #expect(server.requests(to: "/whoami").isEmpty)
        try session.sendKeys("C-j")
        try session.waitFor("Trust collection T?")
        try session.sendKeys("y")
        try session.waitFor("trusted-ok")
        #expect(server.requests(to: "/whoami").first?.headers["x-key"] == "KEY-BYTES")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(FileManager.default.fileExists(atPath: temp.path + "/state/trusted-collections.json"))
    }
}
