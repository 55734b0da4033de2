import Foundation
import Testing
import TestSupport

/// Issue 14's explorer items in the real binary, in tmux, against a loopback server: a failed import keeps its text,
/// notes take no line number, a new response clears the search, an unset secret says so, and --set works.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ExplorerFixesEndToEndTests {
    @Test func importSearchSecretsNotesAndSet() throws {
        let server = try FaultServer(routes: [
            "/bad": .respond(status: 200, headers: ["Content-Type: application/json"], body: "{\"a\": 1,\n\"b\": oops}"),
            "/ok": .respond(status: 200, headers: ["Content-Type: application/json"], body: #"{"fine": true, "word": "\u65e5\u672c"}"#),
        ])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", """
        name: T
        auth:
          type: bearer
          token: "{{token}}"
        environments:
          - name: local
            baseURL: \(server.baseURL.absoluteString)
            variables:
              - name: token
                secret: true
        """)
        // No credentials on these two: a secret with no value is not sent, and they are sent below.
        try temp.write("T/a-bad.yaml", "url: /bad\nauth:\n  type: none\n")
        try temp.write("T/b-ok.yaml", "url: /ok\nauth:\n  type: none\n")
        try temp.write("T/c-user.yaml", "url: /users/{{id}}\nvariables:\n  - name: id\n    value: \"1\"\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--set", "id=42"], width: 110, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")

        // --set: the command line's value wins over the request's own variable.
        try session.sendKeys("G")
        try session.waitFor("/users/42")
        // An unset secret reads (not set), and exporting with it warns.
        try session.sendKeys("e")
        try session.waitFor("token = (not set)")
        // Esc and the next key are sent apart: together they read as Alt and that key.
        try session.sendKeys("Escape")
        try session.waitUntilGone("Environment: T")
        try session.sendKeys("x")
        try session.waitFor("Warning: the bearer token is empty")
        try session.sendKeys("Escape")
        try session.waitUntilGone("Export as")
        // A command that does not import keeps the prompt open with its text.
        try session.sendKeys("I")
        try session.sendText("curl -H 'A: b'")
        try session.sendKeys("Enter")
        let failed = try session.waitFor("Not imported:")
        #expect(failed.contains("curl -H 'A: b'"))
        try session.sendKeys("Escape")
        try session.waitUntilGone("Import curl into")

        // Notes about the body take no line number: the body's first line is 1.
        try session.sendKeys("g", "j", "Enter")
        let bad = try session.waitFor("not valid JSON")
        #expect(bad.contains("1 {\"a\": 1,") && bad.contains("2 \"b\": oops}"))
        // A search that found nothing is gone with the next response; \u escapes show decoded.
        try session.sendKeys("Tab", "Tab", "/")
        try session.sendText("fine")
        try session.sendKeys("Enter")
        try session.waitFor("No match for \"fine\"")
        try session.sendKeys("Tab", "j", "Enter")
        let ok = try session.waitFor("\"fine\": true")
        #expect(!ok.contains("No match") && ok.contains("\"word\": \"日本\""))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theJSONFilterNarrowsTheBodyLive() throws {
        let server = try FaultServer(routes: [
            "/list": .respond(status: 200, headers: ["Content-Type: application/json"],
                              body: #"{"items": [{"id": 1, "tag": "alpha"}, {"id": 2, "tag": "beta"}], "total": 2}"#),
        ])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("L/collection.yaml", "name: L\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("L/list.yaml", "url: /list\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path], width: 110, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.sendKeys("j", "Enter")
        try session.waitFor("\"total\": 2")
        try session.sendKeys("Tab", "Tab", "f")
        try session.sendText(".items[?@.id > 1].tag")
        let filtered = try session.waitFor("[filter $.items[?@.id > 1].tag: 1]")
        #expect(filtered.contains("\"beta\"") && !filtered.contains("\"alpha\"") && !filtered.contains("\"total\""))
        try session.sendKeys("Escape")
        try session.waitFor("\"total\": 2")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
