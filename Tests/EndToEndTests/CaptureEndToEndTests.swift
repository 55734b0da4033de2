import Foundation
import Testing
import TestSupport

/// The Capture view in the real explorer: `apiexplorer proxy` records curl's requests in another process, the view
/// shows them as they arrive, Enter opens one and `s` saves it as a request file in the tree's folder.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct CaptureEndToEndTests {
    @Test func capturedExchangesArriveLiveOpenAndSaveAsARequest() async throws {
        let collections = try DemoScratch.collections(prefix: "capture-e2e")
        defer { try? FileManager.default.removeItem(at: collections) }
        let state = try TempDirectory()
        let history = state.path + "/history.sqlite"
        let upstream = try await LoopbackServer.start()
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let proxy = try StreamingProcess(binary, arguments: ["proxy", "--port", "0", "--history", history],
                                         environment: ["APIEXPLORER_STATE_DIR": state.path])
        defer { proxy.send(signal: SIGTERM) }
        #expect(await proxy.waitForOutput(containing: "Proxy listening on http://127.0.0.1:", timeout: 30), "\(proxy.stderr)")
        let address = try #require(proxy.stdout.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init))
        _ = try CurlRun.run(["-x", address, upstream.url("/users/1").absoluteString])

        let explorer = try TmuxSession(arguments: [binary.path, "--collections", collections.path], width: 140, height: 36,
                                       environment: ["APIEXPLORER_HISTORY": history, "APIEXPLORER_STATE_DIR": state.path])
        defer { explorer.kill() }
        try explorer.waitFor("env: local")
        try explorer.waitUntilGone("Loading requests…")
        try explorer.sendKeys("B")
        try explorer.waitFor("Capture · apiexplorer proxy (live)")
        try explorer.waitFor(upstream.url("/users/1").absoluteString)

        // A request sent while the view is open shows up without a key.
        _ = try CurlRun.run(["-x", address, "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "{\"name\": \"Grace\"}",
                             upstream.url("/users").absoluteString])
        let live = try explorer.waitFor("POST", timeout: 15)
        #expect(live.contains(upstream.url("/users").absoluteString), "\(live)")

        // The selection stayed on the exchange it was on; g goes to the newest, s saves it into the folder at the tree's
        // cursor (the Demo collection itself at start).
        try explorer.sendKeys("g", "s")
        try explorer.waitFor("Imported POST /users as Demo/post-users")
        let saved = try FileManager.default.contentsOfDirectory(atPath: collections.path + "/Demo").filter { $0.hasPrefix("post-users") }
        #expect(saved.count == 1, "\(saved)")
        let text = try String(contentsOfFile: collections.path + "/Demo/" + (saved.first ?? ""), encoding: .utf8)
        #expect(text.contains("method: POST") && text.contains("Grace"), "\(text)")

        // Enter opens the older exchange in the response pane.
        try explorer.sendKeys("j", "Enter")
        try explorer.waitFor("Ada Lovelace")
        await upstream.stop()
    }
}
