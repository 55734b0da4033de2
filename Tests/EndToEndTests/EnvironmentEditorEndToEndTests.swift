import Foundation
import Testing
import TestSupport

/// A new user makes an environment and a chained request with a check in the real explorer without opening a YAML
/// file: the environment added from the environment editor with a variable and a secret, chosen, and a request sent in
/// it; then a request that captures a value and one that needs it and checks its response. The files are written
/// surgically and the secret only into secrets.local.yaml.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct EnvironmentEditorEndToEndTests {
    @Test func aNewUserMakesAnEnvironmentAndAChainedRequestWithACheckWithoutYAML() throws {
        let collections = try DemoScratch.collections(prefix: "env-editor-e2e")
        defer { try? FileManager.default.removeItem(at: collections) }
        let manifest = collections.appendingPathComponent("Demo/collection.yaml").path
        let secrets = collections.appendingPathComponent("Demo/secrets.local.yaml").path
        let before = try String(contentsOfFile: manifest, encoding: .utf8)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", collections.path], width: 110, height: 34)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")

        try session.sendKeys("e")
        try session.waitFor("E edits the environments")
        try session.sendKeys("E")
        try session.waitFor("Environments · Demo")
        // A new environment on the built-in demo API; a bad base URL is refused with the reason first.
        try session.sendKeys("A")
        try session.waitFor("Base URL")
        try session.sendText("mine")
        try session.sendKeys("Enter")
        try session.sendText("demo")
        try session.sendKeys("Enter")
        try session.waitFor("✗ 'demo' is not an http://, https://, ws://, wss://, grpc:// or grpcs:// URL")
        try session.sendKeys("C-u")
        try session.sendText("builtin:demo")
        try session.sendKeys("Enter")
        try session.waitFor("Added the environment mine")
        // A plain variable, then a secret one, typed masked.
        try session.sendKeys("a")
        try session.waitFor("Value")
        try session.sendText("userId")
        try session.sendKeys("Tab")
        try session.sendText("3")
        try session.sendKeys("Enter")
        try session.waitFor("Saved {{userId}} of mine")
        try session.sendKeys("a")
        try session.waitFor("Value")
        try session.sendText("apiToken")
        try session.sendKeys("Tab", "C-t")
        try session.waitFor("Value (secret)")
        try session.sendText("t0ps3cret")
        let typing = try session.waitFor("•••••••••")
        #expect(!typing.contains("t0ps3cret"))
        try session.sendKeys("Enter")
        let saved = try session.waitFor("its value is in secrets.local.yaml")
        #expect(saved.contains("{{apiToken}}") && !saved.contains("t0ps3cret"))

        #expect(try String(contentsOfFile: manifest, encoding: .utf8) == before + """
          - name: mine
            baseURL: "builtin:demo"
            variables:
              - name: userId
                value: "3"
              - name: apiToken
                secret: true

        """)
        #expect(try String(contentsOfFile: secrets, encoding: .utf8) == "mine:\n  apiToken: t0ps3cret\n")

        // Chosen in the picker, the new environment is the one a request is sent in.
        try session.sendKeys("Escape")
        try session.waitUntilGone("Environments · Demo")
        try session.sendKeys("e")
        try session.waitFor("E edits the environments")
        try session.sendKeys("j", "j", "Enter")
        try session.waitFor("env: mine")
        try session.sendKeys("/")
        try session.sendText("Get user")
        try session.sendKeys("Enter")
        try session.waitFor("┌  Get user")
        try session.sendKeys("C-j")
        let answered = try session.waitFor("Alan Turing")
        #expect(answered.contains("200 OK"))

        // A request that captures the user's id, made in the tree and its Checks tab.
        try session.sendKeys("n")
        try session.waitFor("New request in Users")
        try session.sendText("First user")
        try session.sendKeys("Enter")
        try session.waitFor("Created First user as Demo/users/first-user")
        try session.sendKeys("u", "C-u")
        try session.sendText("/users/{{userId}}")
        try session.sendKeys("Enter", "]", "]", "]", "]")
        try session.waitFor("No captures, needs or checks")
        try session.sendKeys("a")
        try session.sendText("capture uid = $.id")
        try session.sendKeys("Enter")
        try session.waitFor("uid = $.id")
        try session.sendKeys("s")
        try session.waitFor("Saved Demo/users/first-user")
        // A request chained to it: it needs First user, uses the captured id and checks the name.
        try session.sendKeys("BTab", "n")
        try session.waitFor("New request in Users")
        try session.sendText("Chained")
        try session.sendKeys("Enter")
        try session.waitFor("Created Chained as Demo/users/chained")
        try session.sendKeys("u", "C-u")
        try session.sendText("/users/{{uid}}")
        try session.sendKeys("Enter", "a")
        try session.sendText("needs users/first-user")
        try session.sendKeys("Enter", "a")
        try session.sendText("$.name equals \"Alan Turing\"")
        try session.sendKeys("Enter", "s")
        try session.waitFor("Saved Demo/users/chained")
        #expect(try String(contentsOfFile: collections.appendingPathComponent("Demo/users/chained.yaml").path, encoding: .utf8) == """
        name: Chained
        method: GET
        url: "/users/{{uid}}"
        needs:
          - users/first-user
        checks:
          - json: "$.name"
            equals: Alan Turing

        """)
        // Sending it sends First user first (uid is not captured yet), then it passes its check.
        try session.sendKeys("C-j")
        let chained = try session.waitFor("✓ 1 check passed")
        #expect(chained.contains("200 OK") && chained.contains("Alan Turing"))
        // C on a value found in the response proposes its capture in the Checks tab; Enter takes it, s saves it.
        try session.sendKeys("Tab", "/")
        try session.sendText("\"email\"")
        try session.sendKeys("Enter")
        try session.waitFor("1 matching line")
        try session.sendKeys("C")
        try session.waitFor("capture email = $.email")
        try session.sendKeys("Enter", "s")
        try session.waitFor("Saved Demo/users/chained")
        #expect(try String(contentsOfFile: collections.appendingPathComponent("Demo/users/chained.yaml").path, encoding: .utf8)
            .contains("captures:\n  - name: email\n    json: \"$.email\"\n"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
