import Foundation
import Testing
import TestSupport

/// Issue 31 in the real binary: Ctrl-P opens the command palette, typing part of a request's URL finds it in a folder
/// that is closed, and Enter selects it in the tree, so the next Enter sends it.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct CommandPaletteEndToEndTests {
    @Test func ctrlPThenPartOfAURLThenEnterSelectsThatRequest() throws {
        let server = try FaultServer(routes: [
            "/home": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "home body"),
            "/v2/widgets/7": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "widget seven"),
        ])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("T/home.yaml", "name: Home\nurl: /home\n")
        try temp.write("T/shop/stock/widget.yaml", "name: One widget\nurl: /v2/widgets/7\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 110, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        #expect(!(try session.capture()).contains("One widget"))

        try session.sendKeys("C-p")
        try session.waitFor("Command palette")
        try session.sendText("widgets/7")
        let filtered = try session.waitFor("1 of ")
        #expect(filtered.contains("One widget  GET /v2/widgets/7  T/shop/stock"), "\(filtered)")
        try session.sendKeys("Enter")
        let selected = try session.waitUntilGone("Command palette")
        #expect(selected.contains("One widget") && selected.contains("/v2/widgets/7"), "\(selected)")

        // The tree has the focus and the request selected: Enter sends it.
        try session.sendKeys("Enter")
        try session.waitFor("widget seven")
        #expect(server.requests(to: "/v2/widgets/7").count == 1)
        #expect(server.requests(to: "/home").isEmpty)
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
