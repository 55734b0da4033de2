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

    /// Every kind of broken file the CLI tests use (syntax, wrong types, bad URLs, binary garbage, a duplicate name, a
    /// 50 MB file, a directory symlink loop, a dangling link, a broken collection.yaml) is a ✗ row in the tree with
    /// its location, and the good requests beside them still send.
    @Test func everyKindOfBrokenFileIsARowInTheTree() throws {
        let server = try FaultServer(routes: ["/ok": .respond(status: 200, headers: ["Content-Type: application/json"], body: #"{"ok": 2}"#)])
        defer { server.stop() }
        let fixture = try BrokenCollectionFixture(baseURL: server.baseURL.absoluteString)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", fixture.temp.path], width: 140, height: 40)
        defer { session.kill() }

        // G, the first collection, starts open; Broken, whose collection.yaml is broken, is only its ✗ row at the end.
        let tree = try session.waitFor("✗ syntax.yaml:3:3")
        for row in ["✗ wrong-type.yaml:2:3", "✗ bad-url.yaml:1:1", "✗ binary.yaml:2:1", "✗ dup.yaml", "✗ huge.yaml", "✗ sub/loop",
                    "✗ gone.yaml", "✗ Broken/collection.yaml:3:1"] {
            #expect(tree.contains(row), "\(row) in\n\(tree)")
        }
        // An unknown key is a warning: the request loads and is listed, and a ⚠ row says what is ignored.
        #expect(tree.contains("⚠ unknown-key.yaml:2:1") && tree.contains("G ✗8 ⚠1"), "\(tree)")
        #expect(tree.contains("GET    unknown-key"))
        try session.sendKeys("/")
        try session.sendText("ok")
        try session.sendKeys("Enter", "Enter")
        try session.waitFor("\"ok\": 2")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
