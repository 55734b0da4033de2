import Foundation
import Testing
import TestSupport

/// Composing requests in the real explorer in tmux: URL, params, method and body edited and sent, saved byte for
/// byte, the same request sent by the CLI; tree changes on disk; the external editor; pastes.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ComposeEndToEndTests {
    /// A scratch copy of `Collections/Demo`, so saving never touches the repository.
    private func scratchCollections() throws -> URL {
        try DemoScratch.collections(prefix: "compose-e2e")
    }

    /// The explorer on `collections` with the request named `name` selected through the tree filter.
    private func explorer(_ collections: URL, on name: String, environment: [String: String] = [:], width: Int = 120,
                          height: Int = 36) throws -> TmuxSession {
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", collections.path], width: width, height: height,
                                      environment: environment)
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("/")
        try session.sendText(name)
        try session.sendKeys("Enter")
        try session.waitFor("┌  \(name)")
        return session
    }

    /// Runs `executable` with its output small enough for a pipe, and returns how it exited and what it printed.
    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, standardOutput: String, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("compose-cli-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: output.path + ".out", contents: nil)
        FileManager.default.createFile(atPath: output.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: output.path + ".out")
            try? FileManager.default.removeItem(atPath: output.path + ".err")
        }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".err"))
        try process.run()
        process.waitUntilExit()
        let out = (try? String(contentsOfFile: output.path + ".out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: output.path + ".err", encoding: .utf8)) ?? ""
        return (process.terminationStatus, out, err)
    }

    /// The value of `key` in the echo the demo API sent back, as printed on screen or by the CLI (`"key": value`).
    private func echoed(_ key: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.contains("\"\(key)\": ") }.map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    @Test func editURLParamsMethodAndAJSONBodyThenSendSaveAndSendFromTheCLI() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let session = try explorer(collections, on: "Echo JSON")
        defer { session.kill() }

        // URL: a path segment and a query written in the URL, which moves to Params.
        try session.sendKeys("Tab", "u", "End")
        try session.sendText("/e2e?from=url")
        try session.sendKeys("Enter")
        try session.waitFor("POST /echo/e2e ")
        // Params: turn on the disabled `debug` and change its value.
        try session.sendKeys("[", "j", "Space", "i", "Tab", "C-u")
        try session.sendText("2")
        try session.sendKeys("Enter")
        try session.waitFor("source=apiexplorer&debug=2&from=url")
        // Method: from the picker.
        try session.sendKeys("m", "Down", "Enter")
        try session.waitFor("PUT /echo/e2e")
        // Body: an error first, shown with its position, then fixed.
        try session.sendKeys("]", "]", "i", "C-k")
        try session.sendText("{\"a\": tru")
        try session.waitFor("JSON ✗")
        try session.sendText("e, \"n\": 1.50}")
        try session.waitFor("JSON ✓ valid")
        try session.sendKeys("Escape")
        try session.waitUntilGone("editing (Esc done)")
        try session.sendKeys("C-j")
        // Polled until the echoed body is drawn as well as the status line.
        let sent = try session.waitUntil { $0.contains("200 OK") && $0.contains("\"path\": ") }
        #expect(sent.contains("\"method\": \"PUT\"") && sent.contains("\"path\": \"/echo/e2e\""))
        // The end of the echo, with the body as the server received it.
        try session.sendKeys("Tab", "G")
        let end = try session.waitFor("\"bodyLength\"")
        try session.sendKeys("BTab")

        // Saved: only the changed keys differ from the bundled file; its description and headers are as they were.
        try session.sendKeys("s")
        try session.waitFor("Saved Demo/bodies/echo-json")
        let file = collections.appendingPathComponent("Demo/bodies/echo-json.yaml")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == """
        name: Echo JSON
        method: PUT
        url: /echo/e2e
        description: Sends a JSON body; the demo API echoes method, path, query, headers and body.
        query:
          - name: source
            value: apiexplorer
          - name: debug
            value: "2"
          - name: from
            value: url
        headers:
          - name: X-Trace
            value: demo-1
        body:
          type: json
          content: |
            {"a": true, "n": 1.50}

        """)

        // The CLI sends the same request: method, path, query and body echo back the same.
        try session.sendKeys("Tab", "Tab", "g")
        let screen = try session.capture()
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let cli = try run(binary.path, ["send", "Demo/bodies/echo-json", "--collections", collections.path, "--print", "b", "--pretty", "format"])
        #expect(cli.status == 0, "\(cli.standardError)")
        for key in ["method", "path", "body", "bodyLength"] {
            // The CLI's line for the key (`"method": "PUT",`) stands on the explorer's screen too.
            let line = echoed(key, in: cli.standardOutput)
            #expect(line != nil && (sent + end).contains(line ?? "-"), "\(key) differs: \(line ?? "none") not in\n\(screen)")
        }
        #expect(cli.standardOutput.contains("\"value\": \"2\"") && cli.standardOutput.contains("\"value\": \"url\""))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// Issue 26 items 14 and 15: the focused pane is marked without colour, Enter in the request pane edits the row
    /// where it is (and never sends), and Ctrl-J sends.
    @Test func enterEditsARowInPlaceAndOnlyCtrlJSends() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let session = try explorer(collections, on: "Echo JSON")
        defer { session.kill() }
        try session.sendKeys("Tab")
        try session.waitFor("┌▶ Echo JSON")
        try session.sendKeys("[")
        let table = try session.waitFor("✓ source")
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        let row = lines.firstIndex { $0.contains("✓ source") && $0.contains("apiexplorer") }
        try session.sendKeys("Enter", "Tab", "C-u")
        try session.sendText("tmux")
        let editing = try session.waitFor("tmux").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(row != nil && editing.firstIndex { $0.contains("✓ source") && $0.contains("tmux") } == row,
                "the row is edited on its own line:\n\(editing.joined(separator: "\n"))")
        try session.sendKeys("Enter")
        try session.waitFor("source=tmux")
        #expect(try session.capture().contains("Nothing sent yet"), "Enter edited; it did not send")
        try session.sendKeys("C-j")
        try session.waitFor("\"path\": \"/echo\"")
        try session.sendKeys("q", "y")
        #expect(try session.waitForExit() == 0)
    }

    @Test func newDuplicateRenameMoveAndDeleteFromTheTree() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let session = try explorer(collections, on: "Get user")
        defer { session.kill() }
        let users = collections.appendingPathComponent("Demo/users")

        try session.sendKeys("n")
        try session.waitFor("New request in Users")
        try session.sendText("Ping demo")
        // Enter in Name creates it with the file name made from the name (issue 26.10), and the new request's pane
        // takes the keys, so `u` edits its URL straight away (26.20).
        try session.sendKeys("Enter")
        try session.waitFor("Created Ping demo as Demo/users/ping-demo")
        #expect(try String(contentsOf: users.appendingPathComponent("ping-demo.yaml"), encoding: .utf8) == "name: Ping demo\nmethod: GET\nurl: /\n")
        try session.sendKeys("u", "C-u")
        try session.sendText("/echo/ping")
        try session.sendKeys("Enter", "C-j")
        try session.waitFor("\"path\": \"/echo/ping\"")
        try session.sendKeys("s")
        try session.waitFor("Saved Demo/users/ping-demo")

        try session.sendKeys("BTab", "c", "Enter")
        try session.waitFor("Duplicated Ping demo as Ping demo copy")
        #expect(try String(contentsOf: users.appendingPathComponent("ping-demo-copy.yaml"), encoding: .utf8)
            == "name: Ping demo copy\nmethod: GET\nurl: /echo/ping\n")

        try session.sendKeys("r", "C-u")
        try session.sendText("Pong demo")
        try session.sendKeys("Tab", "C-u", "y", "Enter")
        try session.waitFor("Renamed Ping demo copy to Pong demo")
        #expect(!FileManager.default.fileExists(atPath: users.appendingPathComponent("ping-demo-copy.yaml").path))
        #expect(FileManager.default.fileExists(atPath: users.appendingPathComponent("pong-demo.yaml").path))

        try session.sendKeys("M")
        try session.waitFor("Move Pong demo to")
        for _ in 0..<8 { try session.sendKeys("Up") }
        try session.sendKeys("Enter")
        try session.waitFor("Moved Pong demo to Demo")
        #expect(FileManager.default.fileExists(atPath: collections.appendingPathComponent("Demo/pong-demo.yaml").path))

        try session.sendKeys("d")
        try session.waitFor("Delete Pong demo (pong-demo.yaml)?")
        try session.sendKeys("y")
        try session.waitFor("Deleted Pong demo")
        #expect(!FileManager.default.fileExists(atPath: collections.appendingPathComponent("Demo/pong-demo.yaml").path))
        #expect(FileManager.default.fileExists(atPath: users.appendingPathComponent("ping-demo.yaml").path))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theExternalEditorRoundTripKeepsABrokenEditUntilItIsFixed() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        // The "editor": for a body it doubles the price; for a request file it first breaks the YAML, and the next time
        // (it is handed the same copy) repairs it and renames the request.
        let state = collections.appendingPathComponent("editor-state")
        let editor = collections.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        case "$1" in
          *.json|*.txt) sed -i 's/"price": 1.10/"price": 2.20/' "$1" ;;
          *) if [ -e '\(state.path)' ]; then sed -i -e '/^url: \\[$/d' -e 's/^name: .*/name: Edited outside/' "$1"
             else echo 'url: [' >> "$1"; touch '\(state.path)'; fi ;;
        esac
        """.write(to: editor, atomically: true, encoding: .utf8)
        chmod(editor.path, 0o755)
        let session = try explorer(collections, on: "Echo JSON", environment: ["EDITOR": editor.path, "VISUAL": ""])
        defer { session.kill() }

        try session.sendKeys("Tab", "]", "E")
        try session.waitFor("Body updated from the editor")
        try session.waitFor("\"price\": 2.20")
        try session.sendKeys("s")
        try session.waitFor("Saved Demo/bodies/echo-json")
        let file = collections.appendingPathComponent("Demo/bodies/echo-json.yaml")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\"price\": 2.20"))

        try session.sendKeys("BTab", "E")
        let broken = try session.waitFor("Not applied:")
        #expect(broken.contains(".echo-json.yaml.") && broken.contains(".edit:"), "the error names the edited copy's line and column")
        #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("url: ["))
        try session.sendKeys("E")
        try session.waitFor("Edited outside")
        let edited = try String(contentsOf: file, encoding: .utf8)
        #expect(edited.hasPrefix("name: Edited outside\n") && !edited.contains("url: ["))
        let bodies = try FileManager.default.contentsOfDirectory(atPath: collections.appendingPathComponent("Demo/bodies").path)
        #expect(!bodies.contains { $0.hasPrefix(".echo-json.yaml.") && $0.hasSuffix(".edit") }, "the applied edit's copy is gone: \(bodies)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func pastesAreTextNeverKeys() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let session = try explorer(collections, on: "Echo JSON")
        defer { session.kill() }

        // Into the tree, "42⏎" and text starting with q neither send nor quit.
        try session.paste("42\n")
        try session.waitFor("Pasted text ignored here (3 characters)")
        try session.paste("quit\n")
        try session.waitFor("Pasted text ignored here (5 characters)")
        #expect(try session.capture().contains("Nothing sent yet"))

        // A large paste is read as one piece in about the time tmux takes to deliver it (reading it used to walk
        // what was read so far for every character: 38 s for 300 KB).
        try session.paste(String(repeating: "x", count: 300_000))
        try session.waitFor("Pasted text ignored here (300000 characters)", timeout: 10)

        // A multi-line curl command is offered for import, then named and written into the folder.
        try session.paste("curl -X POST http://127.0.0.1:9/e2e/pasted \\\n  -H 'X-Pasted: yes' \\\n  -d '{\"a\":1}'\n")
        try session.waitFor("Pasted a curl command")
        try session.sendKeys("Enter")
        try session.waitFor("Import into bodies")
        try session.sendKeys("C-u")
        try session.sendText("Pasted order")
        try session.sendKeys("Enter")
        try session.waitFor("Imported Pasted order as Demo/bodies/pasted-order")
        let saved = try String(contentsOf: collections.appendingPathComponent("Demo/bodies/pasted-order.yaml"), encoding: .utf8)
        #expect(saved.contains("method: POST") && saved.contains("X-Pasted") && saved.contains("/e2e/pasted"))

        // Into the URL field, a paste is inserted as text.
        try session.sendKeys("Tab", "u", "C-u")
        try session.paste("/echo/pasted?x=1")
        try session.sendKeys("Enter")
        try session.waitFor("/echo/pasted?x=1")
        try session.sendKeys("C-c")
        try session.waitFor("Quit and lose unsaved edits?")
        try session.sendKeys("y")
        #expect(try session.waitForExit() == 0)
    }

    @Test func copySaveAndPageTheResponse() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        // The "pager" copies what it is given, so the test can read it.
        let paged = collections.appendingPathComponent("paged.txt")
        let pager = collections.appendingPathComponent("pager.sh")
        try "#!/bin/sh\ncp \"$1\" '\(paged.path)'\n".write(to: pager, atomically: true, encoding: .utf8)
        chmod(pager.path, 0o755)
        let session = try explorer(collections, on: "Get user", environment: ["APIEXPLORER_CLIPBOARD": "osc52", "PAGER": pager.path])
        defer { session.kill() }
        try session.sendKeys("C-j")
        try session.waitFor("200 OK")
        try session.sendKeys("Tab", "Tab", "y")
        try session.waitFor("Copied the body")
        // OSC 52 reached tmux, which keeps it as its newest paste buffer.
        _ = try session.waitUntil { _ in session.newestBuffer()?.contains("\"name\": \"Ada Lovelace\"") == true }
        let saved = collections.appendingPathComponent("user.json")
        try session.sendKeys("S", "C-u")
        try session.sendText(saved.path)
        try session.sendKeys("Enter")
        try session.waitFor("Saved the body")
        #expect(try String(contentsOf: saved, encoding: .utf8).contains("\"Ada Lovelace\""))
        try session.sendKeys("o")
        try session.waitFor("Back from the pager")
        #expect(try String(contentsOf: paged, encoding: .utf8).contains("\"name\": \"Ada Lovelace\""))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// With `TERM=xterm-256color` inside tmux, Home and End arrive as escape sequences ncurses does not know
    /// (`ESC[1~`, `ESC[4~`); they move the cursor, and a terminal's reply (`ESC[2;2R`) is dropped, never typed.
    @Test func homeAndEndSequencesMoveAndRepliesAreDropped() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let session = try explorer(collections, on: "Echo JSON", environment: ["TERM": "xterm-256color"])
        defer { session.kill() }
        try session.sendKeys("Tab", "u")
        for (sequence, typed) in [("\u{1B}[1~", "a"), ("\u{1B}[4~", "b"), ("\u{1B}[7~", "c"), ("\u{1B}[8~", "d"), ("\u{1B}OH", "e"),
                                  ("\u{1B}OF", "f"), ("\u{1B}[H", "g"), ("\u{1B}[F", "h"), ("\u{1B}[2;2R\u{1B}[>84;0;0c", "i")] {
            try session.sendText(sequence)
            try session.sendText(typed)
        }
        let screen = try session.waitFor("geca/echobdfhi")
        #expect(!screen.contains("1~") && !screen.contains("4~") && !screen.contains("2;2R") && !screen.contains("84;0"), "\(screen)")
    }

    /// The file name `S` offers is selected: typing replaces it (it was appended to: `response.json/home/…`), and a
    /// save that fails says so once, without claiming an old file that never was.
    @Test func theOfferedFileNameIsReplacedAndAFailedSaveSaysSoOnce() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let session = try explorer(collections, on: "Get user")
        defer { session.kill() }
        try session.sendKeys("C-j")
        try session.waitFor("200 OK")
        try session.sendKeys("Tab", "Tab", "S")
        try session.waitFor("response.json")
        let missing = "/nonexistent-\(UUID().uuidString.prefix(8))/x.json"
        try session.sendText(missing)
        let typed = try session.waitFor(missing)
        #expect(!typed.contains("response.json"), "\(typed)")
        try session.sendKeys("Enter")
        let failed = try session.waitFor("Not saved: writing \(missing) failed")
        #expect(!failed.contains("Not saved: Not saved") && !failed.contains("old file is unchanged"), "\(failed)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// A click as an xterm sends it without SGR mode (what ncurses asks tmux for): ESC [ M, the button, then column and
    /// row, each plus 32 and counted from 1.
    private func click(_ session: TmuxSession, x: Int, y: Int) throws {
        let position = String(UnicodeScalar(UInt8(33 + x))) + String(UnicodeScalar(UInt8(33 + y)))
        // A press (button 0) and its release (3), as a terminal sends them.
        try session.sendText("\u{1B}[M " + position + "\u{1B}[M#" + position)
    }

    @Test func theMouseClicksRowsAndTabsAndCanBeTurnedOff() throws {
        let collections = try scratchCollections()
        defer { try? FileManager.default.removeItem(at: collections) }
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", collections.path], width: 100, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        #expect(try session.format("#{mouse_any_flag}") == "1", "the explorer asks for mouse reports")
        // Row 3 is the first folder (auth), closed: a click opens it; a click on its first request selects it.
        try click(session, x: 5, y: 3)
        try session.waitFor("API key in que")
        try click(session, x: 10, y: 4)
        try session.waitFor("┌  API key in query")
        // A click on the request pane's Auth tab.
        let screen = try session.capture()
        let tabRow = screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(" Params │ Headers") } ?? 0
        let line = String(screen.split(separator: "\n", omittingEmptySubsequences: false)[tabRow])
        let column = line.distance(from: line.startIndex, to: line.range(of: "Auth")?.lowerBound ?? line.startIndex)
        try click(session, x: column, y: tabRow)
        try session.waitFor("Kind")
        #expect(!(try session.capture()).contains("200 OK"), "clicks never send")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)

        let quiet = try TmuxSession(arguments: [binary.path, "--collections", collections.path, "--no-mouse"], width: 100, height: 30)
        defer { quiet.kill() }
        try quiet.waitFor("env: local")
        #expect(try quiet.format("#{mouse_any_flag}") == "0", "--no-mouse leaves the mouse to the terminal")
        try quiet.sendKeys("q")
        #expect(try quiet.waitForExit() == 0)
    }
}
