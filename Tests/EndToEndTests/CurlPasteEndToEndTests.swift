import Foundation
import Testing
import TestSupport

/// Issue 26, item 16, in the real binary: a curl command pasted into the URL editor is offered as the request it
/// describes, and taken on y; the file changes only when s saves.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct CurlPasteEndToEndTests {
    @Test func aCurlCommandPastedIntoTheURLReplacesTheRequestOnYes() throws {
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:9\n")
        try temp.write("T/f/orders.yaml", "name: Orders\nurl: /orders\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 120, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("Down", "Right", "Down")
        try session.waitFor("GET /orders")
        try session.sendKeys("Tab", "u", "C-u")
        try session.paste("curl -X POST http://127.0.0.1:9/orders/new \\\n  -H 'X-Pasted: yes' \\\n  -d '{\"a\":1}'\n")
        let asked = try session.waitFor("Pasted a curl command")
        #expect(asked.contains("Replace this request's method, URL, query, headers and body"), "\(asked)")
        try session.sendKeys("y")
        let replaced = try session.waitFor("Replaced with the pasted curl command")
        #expect(replaced.contains("POST http://127.0.0.1:9/orders/new") && replaced.contains("X-Pasted"), "\(replaced)")
        let file = URL(fileURLWithPath: temp.path).appendingPathComponent("T/f/orders.yaml")
        #expect(try String(contentsOf: file, encoding: .utf8) == "name: Orders\nurl: /orders\n", "not saved until s")
        try session.sendKeys("s")
        try session.waitFor("Saved T/f/orders")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("method: POST") && saved.contains("/orders/new") && saved.contains("X-Pasted") && saved.hasPrefix("name: Orders"),
                "\(saved)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
