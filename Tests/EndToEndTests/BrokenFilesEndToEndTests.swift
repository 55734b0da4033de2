import Foundation
import Testing
import TestSupport

/// The explorer in tmux with broken files beside good ones: the broken ones are rows in the tree with their
/// location and error, and the good ones still send.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct BrokenFilesEndToEndTests {
    @Test func brokenFilesAreShownInTheTreeAndTheRestStillWorks() throws {
        let server = try FaultServer(routes: ["/ok": .respond(status: 200, headers: ["Content-Type: application/json"], body: #"{"ok": 1}"#)])
        defer { server.stop() }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("broken-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "G/collection.yaml": "name: G\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n",
            "G/a-ok.yaml": "name: a-ok\nurl: /ok\n",
            "G/b-syntax.yaml": "url: /x\nheaders: [\n  - name: a\n",
            "G/c-wrong.yaml": "url:\n  - /a\n",
            "Z/collection.yaml": "name: Z\nenvironments: {\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", root.path], width: 120, height: 30)
        defer { session.kill() }

        let tree = try session.waitFor("✗ b-syntax.yaml:3:3")
        #expect(tree.contains("G ✗2"))
        #expect(tree.contains("✗ c-wrong.yaml:2:3"))
        #expect(tree.contains("✗ Z/collection.yaml:3:1"))

        // Rows: G, a-ok, b-syntax, … — select the broken file and read its error.
        try session.sendKeys("g", "j", "j")
        let details = try session.waitFor("Cannot load this file:")
        #expect(details.contains("invalid YAML"))

        try session.sendKeys("k", "Enter")
        try session.waitFor("\"ok\": 1")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
