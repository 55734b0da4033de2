import Foundation
import Testing
import TestSupport

/// History in the real explorer in tmux: two sends kept, the older one opened from the list, the two compared, one
/// replayed, and after a restart the last response shown as past.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct HistoryEndToEndTests {
    /// The demo's new user id in the response on screen.
    private func createdID(_ screen: String) -> Int? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("\"id\": ") }),
              let range = line.range(of: "\"id\": ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    private func launch(_ collections: URL, history: String, reuse session: TmuxSession? = nil) throws -> TmuxSession {
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let arguments = [binary.path, "--collections", collections.path]
        let environment = ["APIEXPLORER_HISTORY": history]
        let explorer: TmuxSession
        if let session {
            try session.respawn(arguments, environment: environment)
            explorer = session
        } else {
            explorer = try TmuxSession(arguments: arguments, width: 120, height: 36, environment: environment)
        }
        try explorer.waitFor("env: local")
        try explorer.waitUntilGone("Loading requests…")
        try explorer.sendKeys("/")
        try explorer.sendText("Create user")
        try explorer.sendKeys("Enter")
        try explorer.waitFor("┌  Create user")
        return explorer
    }

    @Test func sendTwiceOpenTheOlderCompareReplayAndFindTheLastResponseAfterARestart() throws {
        let collections = try DemoScratch.collections(prefix: "history-e2e")
        defer { try? FileManager.default.removeItem(at: collections) }
        let history = collections.path + "/../history-e2e-\(UUID().uuidString).sqlite"
        defer { for suffix in SQLiteFileBytes.suffixes { try? FileManager.default.removeItem(atPath: history + suffix) } }
        let session = try launch(collections, history: history)
        defer { session.kill() }

        try session.sendKeys("Enter")
        let first = try #require(createdID(try session.waitFor("201 Created")))
        try session.sendKeys("Enter")
        try session.waitFor("\"id\": \(first + 1)")

        // The list: both sends, newest first.
        try session.sendKeys("H")
        try session.waitFor("History · Demo/users/create-user")
        let list = try session.waitFor("2 shown")
        let rows = list.split(separator: "\n").filter { $0.contains("POST") && $0.contains("201") }
        #expect(rows.count == 2 && rows[0].contains("│   2 ") && rows[1].contains("│   1 "), "\(list)")

        // The older one, opened: marked as past, with its own body.
        try session.sendKeys("j", "Enter")
        let past = try session.waitFor("(from history)")
        #expect(past.contains("⟲ history #1") && past.contains("in local") && createdID(past) == first, "\(past)")

        // Compared: the newest marked, the older selected.
        try session.sendKeys("H")
        try session.waitFor("2 shown")
        try session.sendKeys("Space", "j", "c")
        try session.waitFor("Compare #2 ↔ #1")
        let report = try session.waitFor("$.id: \(first + 1) → \(first)")
        #expect(report.contains("Status: same (201 Created)"), "\(report)")

        // Esc goes back to the list; r sends the older exchange again, as it was sent: a new user, shown live.
        try session.sendKeys("Escape")
        try session.waitFor("History · Demo/users/create-user")
        try session.sendKeys("r")
        let replayed = try session.waitFor("\"id\": \(first + 2)")
        #expect(!replayed.contains("(from history)"), "\(replayed)")

        // After a restart, the request shows its last response, marked as past.
        try session.sendKeys("q")
        _ = try session.waitForExit()
        _ = try launch(collections, history: history, reuse: session)
        let restored = try session.waitFor("(from history)")
        #expect(createdID(restored) == first + 2 && restored.contains("⟲ history #3"), "\(restored)")
    }

    @Test func aCorruptHistoryFileIsOneWarningAndSendingStillWorks() throws {
        let collections = try DemoScratch.collections(prefix: "history-corrupt-e2e")
        defer { try? FileManager.default.removeItem(at: collections) }
        let history = collections.path + "/../history-corrupt-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: history) }
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: history))
        let session = try launch(collections, history: history)
        defer { session.kill() }
        try session.waitFor("⚠ history off (H: why)")
        try session.sendKeys("Enter")
        try session.waitFor("201 Created")
        try session.sendKeys("H")
        try session.waitFor("⚠ history is off: /")
        #expect(try Data(contentsOf: URL(fileURLWithPath: history)) == Data(repeating: 0x42, count: 4096), "the file is left as it was")
    }
}
