import Foundation
import Testing
import TestSupport

/// Drives the real explorer in tmux: a request whose before script sets a header and whose after script has tests is
/// sent; the Checks tab shows each `pm.test`, and the message log (`!`) the scripts' console lines.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ScriptsEndToEndTests {
    @Test func aScriptedRequestsTestsAreChecksAndItsConsoleIsLogged() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("Scripted/collection.yaml", """
            name: Scripted
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
            """)
        try temp.write("Scripted/create.yaml", """
            name: Create user
            method: POST
            url: /users
            body:
              type: json
              content: '{"name": "Grace Hopper", "username": "grace"}'
            scripts:
              before: |
                pm.request.headers.upsert({key: "X-Request-Id", value: crypto.randomUUID()})
              after: |
                console.log("created user", pm.response.json().id)
                pm.test("created", () => pm.response.to.have.status(201))
                pm.test("named Ada", () => pm.expect(pm.response.json().name).to.equal("Ada"))
            """)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path], width: 110, height: 32)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("/")
        try session.sendText("Create user")
        try session.sendKeys("Enter", "G")
        try session.waitFor("Response")
        try session.sendKeys("C-j")
        let answered = try session.waitFor("Checks (1/2)")
        #expect(answered.contains("201 Created"), "\(answered)")
        try session.sendKeys("Tab")
        try session.sendKeys("Tab")
        try session.sendKeys("]")
        try session.sendKeys("]")
        let checks = try session.waitFor("✓ created")
        #expect(checks.contains(#"✗ named Ada"#) && checks.contains(#"expected "Grace Hopper" to equal "Ada""#), "\(checks)")
        try session.sendKeys("!")
        let log = try session.waitFor("Messages, newest first")
        #expect(log.contains("console: created user"), "\(log)")
        try session.sendKeys("Escape")
        try session.waitUntilGone("Messages, newest first")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        await server.stop()
    }

    /// The Scripts tab: an after script typed with an error is flagged as it is typed, fixed, saved to the file with
    /// `s`, and its test is a check of the next send.
    @Test func aScriptWrittenInTheScriptsTabIsCheckedSavedAndRun() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("Scripted/collection.yaml", """
            name: Scripted
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
            """)
        try temp.write("Scripted/user.yaml", """
            # Ada, the first user
            name: Get user
            url: /users/1
            """)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path], width: 110, height: 32)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("/")
        try session.sendText("Get user")
        try session.sendKeys("Enter", "Tab", "[", "[")
        try session.waitFor("No before script")
        try session.sendKeys("j", "i")
        try session.sendText(#"pm.test("named Ada", () => pm.expect(pm.response.json().name).to.equal("Ada Lovelace")"#)
        let flagged = try session.waitFor("✗ line 1")
        #expect(flagged.contains("SyntaxError"), "\(flagged)")
        try session.sendText(")")
        try session.waitFor("✓ compiles")
        try session.sendKeys("Escape")
        try session.waitUntilGone("editing (Esc done)")
        try session.sendKeys("s")
        try session.waitFor("Saved Scripted/user")
        let saved = try String(contentsOfFile: temp.path + "/Scripted/user.yaml", encoding: .utf8)
        #expect(saved.hasPrefix("# Ada, the first user\n") && saved.contains("scripts:\n  after: |\n    pm.test(\"named Ada\""), "\(saved)")
        try session.sendKeys("C-j")
        let answered = try session.waitFor("Checks (1/1)")
        #expect(answered.contains("200 OK"), "\(answered)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        await server.stop()
    }
}
