import Foundation
import Testing
import TestSupport

/// In the real binary: deleting a request leaves no other request selected, so Ctrl-J cannot send one nobody picked.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct TreeSafetyEndToEndTests {
    @Test func ctrlJAfterADeleteSendsNothing() throws {
        let server = try FaultServer(routes: [
            "/a": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "a"),
            "/b": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "b"),
            "/wipe": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "wiped"),
        ])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("T/f/a.yaml", "name: A\nurl: /a\n")
        try temp.write("T/f/b.yaml", "name: B\nurl: /b\n")
        try temp.write("T/f/c.yaml", "name: Wipe\nmethod: DELETE\nurl: /wipe\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 110, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        // The folder's requests are read after the first frame: wait for them before moving onto B.
        try session.sendKeys("j", "l")
        try session.waitFor("Wipe")
        try session.sendKeys("j", "j")
        try session.waitFor("/b")
        try session.sendKeys("d")
        try session.waitFor("Delete B (b.yaml)?")
        try session.sendKeys("y")
        let after = try session.waitFor("Deleted B")
        #expect(!after.contains("/wipe"), "the request pane shows Wipe's URL though nobody picked it")
        try session.sendKeys("C-j")
        try session.waitFor("Select a request in the tree first.")
        #expect(server.requests(to: "/wipe").isEmpty)
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
