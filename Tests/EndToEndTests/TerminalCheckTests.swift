import Foundation
import Testing
import TestSupport

/// Runs `apiexplorer terminal-check` in tmux to prove the ncurses backend draws, decodes keys, follows
/// resizes and always gives the terminal back. Needs the binary built first (`swift build`).
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct TerminalCheckTests {
    private func launch(width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "terminal-check"], width: width, height: height)
        try session.waitFor("apiexplorer terminal-check")
        return session
    }

    @Test func drawsWideTextFollowsKeysAndResizesThenRestoresOnQuit() throws {
        let session = try launch()
        defer { session.kill() }

        let screen = try session.waitFor("Size: 80x24")
        #expect(screen.contains("日本語 🚀 café"))
        #expect(screen.contains("press keys (q quits)"))
        #expect(try session.isAlternateScreenOn)

        try session.sendKeys("Down")
        try session.waitFor("Last key: ↓")
        try session.sendKeys("C-j")
        try session.waitFor("Last key: Ctrl-J")
        try session.sendKeys("Enter")
        try session.waitFor("Last key: Enter")
        try session.sendText("語")
        try session.waitFor("Last key: 語")
        try session.sendKeys("F5")
        try session.waitFor("Last key: F5")
        try session.sendKeys("Escape")
        try session.waitFor("Last key: Esc")
        try session.sendKeys("M-x")
        try session.waitFor("Last key: Alt-x")
        // Raw mode: Ctrl-C is a key the UI can bind, not SIGINT.
        try session.sendKeys("C-c")
        try session.waitFor("Last key: Ctrl-C")
        try session.waitFor("Keys pressed: 8")

        try session.resize(width: 100, height: 30)
        let resized = try session.waitFor("Size: 100x30")
        #expect(resized.contains("Last key: Resize 100x30"))
        // The right border moved with the new width, so the frame was redrawn in full.
        #expect(resized.split(separator: "\n").first.map { $0.hasSuffix("┐") && $0.count == 100 } == true)

        try session.sendKeys("q")
        let status = try session.waitForExit()
        #expect(status == 0)
        #expect(try session.isAlternateScreenOn == false)
        #expect(try !session.capture().contains("apiexplorer terminal-check"))
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGHUP, Int32(129))] as [(Int32, Int32)])
    func signalRestoresTheTerminalAndExits(signal: Int32, expectedStatus: Int32) throws {
        let session = try launch()
        defer { session.kill() }

        #expect(try session.isAlternateScreenOn)
        #expect(Foundation.kill(try session.programPID, signal) == 0)
        #expect(try session.waitForExit() == expectedStatus)
        #expect(try session.isAlternateScreenOn == false)
    }

    @Test func noColorFallsBackToMonochrome() throws {
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "terminal-check"], environment: ["NO_COLOR": "1"])
        defer { session.kill() }

        try session.waitFor("Colour mode: monochrome")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
