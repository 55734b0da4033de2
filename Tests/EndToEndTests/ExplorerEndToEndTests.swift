import Foundation
import Testing
import TestSupport

/// Drives the real explorer in tmux on a copy of the bundled Demo collection: browse, switch environments, edit and
/// save a header, send, read and search the body, resize, quit — then checks the saved file and the terminal.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ExplorerEndToEndTests {
    /// A scratch copy of `Collections/Demo`, so saving never touches the repository.
    private func scratchCollections() throws -> URL {
        try DemoScratch.collections(prefix: "explorer-e2e")
    }

    /// Points the Demo's environments at a port where nothing listens, so a send is refused at once.
    private func pointDemoAtAClosedPort(_ collections: URL) throws {
        let manifest = collections.appendingPathComponent("Demo/collection.yaml")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "http://127.0.0.1:8787", with: ClosedPort.url().absoluteString)
            .write(to: manifest, atomically: true, encoding: .utf8)
    }

    /// Starts the explorer on `collections` and selects Demo's "Get user" with the tree filter.
    private func explorerOnGetUser(_ collections: URL, width: Int = 100, height: Int = 30) throws -> TmuxSession {
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", collections.path], width: width, height: height)
        try session.waitFor("env: local")
        // Requests inside folders are read after the first frame; the tree title says "Loading requests…" until they are.
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("/")
        try session.sendText("Get user")
        try session.sendKeys("Enter", "G")
        try session.waitFor("/users/{{userId}}")
        return session
    }

    @Test func browseSwitchEditSaveSendSearchResizeQuit() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let session = try explorerOnGetUser(collections)
        defer { session.kill() }

        try session.sendKeys("e")
        try session.waitFor("Environment: Demo")
        try session.sendKeys("j", "Enter")
        let staging = try session.waitFor("env: staging")
        #expect(staging.contains("→ http://127.0.0.1:8787/users/2"))
        try session.sendKeys("e", "k", "Enter")
        try session.waitFor("env: local")

        try session.sendKeys("Tab", "a")
        try session.sendText("X-E2E")
        try session.sendKeys("Enter")
        try session.sendText("héllo 世界")
        try session.sendKeys("Enter")
        try session.waitFor("unsaved edits")
        try session.sendKeys("s")
        try session.waitFor("Saved Demo/users/get-user")
        let saved = try String(contentsOf: collections.appendingPathComponent("Demo/users/get-user.yaml"), encoding: .utf8)
        #expect(saved.contains("  - name: X-E2E\n    value: héllo 世界\n"))
        #expect(saved.hasPrefix("name: Get user\nmethod: GET\nurl: /users/{{userId}}\n"))

        try session.sendKeys("C-j")
        let answered = try session.waitFor("200 OK")
        #expect(answered.contains("\"name\": \"Ada Lovelace\""))

        try session.sendKeys("Tab", "/")
        try session.sendText("email")
        try session.sendKeys("Enter")
        try session.waitFor("1 matching line for \"email\"")

        try session.resize(width: 80, height: 24)
        let resized = try session.waitFor("200 OK")
        #expect(resized.split(separator: "\n").first.map { $0.count <= 80 } == true)

        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.isAlternateScreenOn == false)
    }

    @Test func refusedConnectionsAreShownAndTheExplorerStaysUsable() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        try pointDemoAtAClosedPort(collections)
        let session = try TmuxSession(arguments: [binary.path, "--collections", collections.path, "--env", "staging"], width: 100, height: 30)
        defer { session.kill() }
        try session.waitFor("env: staging")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("/")
        try session.sendText("List users")
        try session.sendKeys("Enter", "G", "Enter")
        // Polled until the message is there too: a capture can land between the heading and its text being drawn.
        let screen = try session.waitUntil { $0.contains("Request failed") && $0.contains("Connection refused") }
        #expect(screen.contains("Connection refused"))
        try session.sendKeys("e", "k", "Enter", "C-j")
        try session.waitFor("200 OK")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theRefusedConnectionsAdviceNamesAReboundKey() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        try pointDemoAtAClosedPort(collections)
        let config = collections.appendingPathComponent("config.yaml")
        try "keymap: {global: {pickEnvironment: \"V\"}}\n".write(to: config, atomically: true, encoding: .utf8)
        let session = try TmuxSession(arguments: [binary.path, "--collections", collections.path, "--env", "staging", "--config", config.path],
                                      width: 140, height: 30)
        defer { session.kill() }
        try session.waitFor("env: staging")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("/")
        try session.sendText("List users")
        try session.sendKeys("Enter", "G", "Enter")
        try session.waitFor("Or press V to pick another environment.")
        try session.sendKeys("V")
        try session.waitFor("Environment: Demo")
        // Apart: Esc and q in one read would be Alt-q.
        try session.sendKeys("Escape")
        try session.waitUntilGone("Environment: Demo")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func exportCompareAndImportFromTheKeyboard() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        // Both environments on the built-in demo API, so the comparison has two answers (user 1 and user 2) to diff.
        let manifest = collections.appendingPathComponent("Demo/collection.yaml")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "baseURL: http://127.0.0.1:8787", with: "baseURL: builtin:demo")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let session = try explorerOnGetUser(collections, width: 110, height: 32)
        defer { session.kill() }

        // x: the selected request as a curl command; Tab: the next format.
        try session.sendKeys("x")
        // The overlay says "Resolving the request…" first; its title gains the Tab hint once the text is there.
        let curl = try session.waitFor("Export as curl — Tab")
        // In the explorer the built-in demo API is running, so the command points at the base URL in the top bar.
        let topBar = curl.split(separator: "\n").first.map(String.init) ?? ""
        let baseURL = topBar.split(separator: " ").last.map(String.init) ?? "-"
        #expect(baseURL.hasPrefix("http://127.0.0.1:"), "\(topBar)")
        #expect(curl.contains("curl \(baseURL)/users/1 \\") && curl.contains("-H 'Accept: application/json' \\"))
        try session.sendKeys("Tab")
        try session.waitFor("Export as Swift — Tab")
        try session.sendKeys("Escape")
        try session.waitUntilGone("Export as")

        // D: pick the other environment and compare the two responses field by field.
        try session.sendKeys("D")
        try session.waitFor("Compare local with")
        try session.sendKeys("Enter")
        let compared = try session.waitFor(#"$.name: "Ada Lovelace" → "Grace Hopper""#)
        #expect(compared.contains("Compare local ↔ staging"))
        try session.sendKeys("Escape")
        try session.waitUntilGone("Compare local")

        // I: paste a curl command; it becomes a request file in the collection and a row in the tree. The paste spans
        // two lines without a `\`: the line break inside it is a space (it used to import the first line alone and run
        // the second as explorer keys).
        try session.sendKeys("I")
        try session.waitFor("paste a curl command")
        try session.sendText("curl -X POST -H 'X-Imported: yes'\n  -d '{\"a\":1}' http://127.0.0.1:9/e2e/imported")
        try session.sendKeys("Enter")
        // It goes into the folder under the tree cursor (Users), under a name asked for, the parsed one offered.
        try session.waitFor("Import into Users")
        try session.sendKeys("C-u")
        try session.sendText("Imported order")
        try session.sendKeys("Enter")
        try session.waitFor("POST   Imported order")
        let users = collections.appendingPathComponent("Demo/users")
        #expect(FileManager.default.fileExists(atPath: users.appendingPathComponent("imported-order.yaml").path))
        let saved = try String(contentsOf: users.appendingPathComponent("imported-order.yaml"), encoding: .utf8)
        #expect(saved.contains("method: POST") && saved.contains("X-Imported") && saved.contains("http://127.0.0.1:9/e2e/imported"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aSaveOverAnOutsideEditIsRefusedAndBothAreKept() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let file = collections.appendingPathComponent("Demo/users/get-user.yaml")
        let session = try explorerOnGetUser(collections)
        defer { session.kill() }
        try session.sendKeys("Tab", "a")
        try session.sendText("X-Mine")
        try session.sendKeys("Enter")
        try session.sendText("from the explorer")
        try session.sendKeys("Enter")
        try session.waitFor("unsaved edits")

        // Someone else edits the same file meanwhile.
        let outside = try String(contentsOf: file, encoding: .utf8) + "# edited in another editor\n"
        try outside.write(to: file, atomically: true, encoding: .utf8)
        try session.sendKeys("s")
        let refused = try session.waitFor("Not saved: Demo/users/get-user changed on disk since it was loaded")
        #expect(try String(contentsOf: file, encoding: .utf8) == outside, "the outside edit is kept")
        #expect(refused.contains("X-Mine") && refused.contains("from the explorer"), "the explorer's edit is still on screen")
        // Quitting asks first, because the edit was not saved.
        try session.sendKeys("q")
        try session.waitFor("Quit and lose unsaved edits?")
        try session.sendKeys("n")
        try session.waitFor("Quit cancelled")
        // Ctrl-R reads the file as it is now; s then writes the explorer's header into it, keeping the outside edit.
        try session.sendKeys("C-r")
        try session.waitFor("Reloaded 1 collection from disk; unsaved edits kept")
        try session.sendKeys("s")
        try session.waitFor("Saved Demo/users/get-user")
        let merged = try String(contentsOf: file, encoding: .utf8)
        #expect(merged.contains("# edited in another editor") && merged.contains("X-Mine") && merged.contains("from the explorer"), "\(merged)")
        // Nothing is unsaved now, so q quits at once.
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
