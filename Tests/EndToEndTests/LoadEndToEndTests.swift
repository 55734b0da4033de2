import Foundation
import Testing
import TestSupport

/// Drives the real explorer in tmux: W on a request opens the load panel, a test runs against a loopback server with
/// its live line, and its summary stays until Esc.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct LoadEndToEndTests {
    @Test func theLoadPanelRunsATestLiveAndKeepsItsSummary() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("Loaded/collection.yaml", """
            name: Loaded
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
            """)
        try temp.write("Loaded/user.yaml", "name: Get user\nurl: /users/1\nchecks:\n  - status: 200\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--history", temp.path + "/history.sqlite"],
                                      width: 110, height: 34)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("/")
        try session.sendText("Get user")
        try session.sendKeys("Enter", "W")
        try session.waitFor("Load test Loaded/user")
        try session.sendKeys("C-u")
        try session.sendText("100/s")
        try session.sendKeys("Tab", "C-u")
        try session.sendText("2s")
        try session.sendKeys("Enter")
        let live = try session.waitFor("in flight")
        #expect(live.contains("Esc stops"), "\(live)")
        let summary = try session.waitFor("200 requests in")
        #expect(summary.contains("checks:") && summary.contains("latency (ms)") && summary.contains("total"), "\(summary)")
        #expect(summary.contains("errors: 0"), "\(summary)")
        try session.sendKeys("Escape")
        try session.waitUntilGone("Load test Loaded/user")
        // The run is kept in the request's history, its summary as the answer.
        try session.sendKeys("H")
        let history = try session.waitFor("LOAD")
        #expect(history.contains("History"), "\(history)")
        try session.sendKeys("Escape")
        try session.waitUntilGone("LOAD")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        await server.stop()
    }
}
