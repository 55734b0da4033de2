import Foundation
import Testing
import TestSupport

/// Issue 26, item 9, in the real binary: Esc clears an applied tree filter, and clearing a filter (Esc, or `/` then an
/// empty Enter) leaves the cursor, the request shown and the request Enter sends where they were.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct TreeFilterEndToEndTests {
    @Test func escClearsAnAppliedFilterKeepingTheRequest() throws {
        let server = try FaultServer(routes: [
            "/alpha": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "alpha body"),
            "/beta": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "beta body"),
            "/home": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "home body"),
        ])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        // Only Home matches "me"; unfiltered, Alpha is on the row Home has while filtered.
        try temp.write("T/f/alpha.yaml", "name: Alpha\nurl: /alpha\n")
        try temp.write("T/f/beta.yaml", "name: Beta\nurl: /beta\n")
        try temp.write("T/f/home.yaml", "name: Home\nurl: /home\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 110, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")

        // `/me` Enter, then `/` and an empty Enter: the whole tree again, Home still the request shown.
        try session.sendKeys("/")
        try session.sendText("me")
        try session.sendKeys("Enter")
        try session.waitFor("filter: me")
        try session.waitFor("/home")
        try session.sendKeys("/")
        try session.waitFor("(was me)")
        try session.sendKeys("Enter")
        let reopened = try session.waitUntilGone("(was me)")
        #expect(reopened.contains("Alpha") && reopened.contains("/home") && !reopened.contains("/alpha"), "\(reopened)")

        // `/me` Enter, then Esc: the filter is gone and the cursor stays on Home, so Enter sends Home.
        try session.sendKeys("/")
        try session.sendText("me")
        try session.sendKeys("Enter")
        try session.waitFor("filter: me")
        try session.sendKeys("Escape")
        let cleared = try session.waitUntilGone("filter: me")
        #expect(cleared.contains("Alpha") && cleared.contains("Beta") && cleared.contains("/home") && !cleared.contains("/alpha"), "\(cleared)")
        try session.sendKeys("Enter")
        try session.waitFor("home body")
        #expect(server.requests(to: "/home").count == 1)
        #expect(server.requests(to: "/alpha").isEmpty)
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
