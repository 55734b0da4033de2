import Foundation
import Testing
import TestSupport

/// Drives the real explorer in tmux on a copy of the Demo collection: sending a request that needs another sends that
/// one first, the Checks tab and the status line show the results, and the environment picker lists the captured token.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ChecksEndToEndTests {
    @Test func aNeededLoginIsSentFirstAndTheChecksTabShowsTheResults() throws {
        let collections = try DemoScratch.collections(prefix: "checks-e2e")
        defer { try? FileManager.default.removeItem(at: collections) }
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", collections.path], width: 110, height: 32)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("/")
        try session.sendText("Who am I")
        try session.sendKeys("Enter", "G")
        try session.waitFor("Response")
        try session.sendKeys("C-j")
        // Its token comes from Log in, which was never sent: it goes first, then Who am I passes every check.
        let answered = try session.waitFor("checks passed")
        #expect(answered.contains("200 OK") && answered.contains("Checks (4/4)"))
        try session.sendKeys("Tab")
        try session.sendKeys("Tab")
        try session.sendKeys("]")
        try session.sendKeys("]")
        let checks = try session.waitFor("✓ $.authenticated equals true")
        #expect(checks.contains("✓ status 2xx  actual: 200"))
        try session.sendKeys("e")
        let picker = try session.waitFor("authToken = ••••••  (captured from Demo/workflow/login $.token)")
        #expect(picker.contains("session = demo-session"))
        #expect(!picker.contains("demo-token"))
        try session.sendKeys("Escape")
        try session.waitUntilGone("captured from")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
