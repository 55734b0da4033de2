import Foundation
import Testing
import TestSupport

/// `E` gives the editor the terminal: the editor is in the terminal's foreground process group, reads what is typed
/// (a probe reads a line, as vi reads keys), and the explorer gets none of it (`r` would rename a request).
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ExternalEditorTerminalEndToEndTests {
    @Test func theEditorOwnsTheTerminalAndTheExplorerReadsNoKeys() throws {
        let temp = try TempDirectory()
        let root = URL(fileURLWithPath: temp.path)
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:9\n")
        try temp.write("T/a.yaml", "name: A\nurl: /a\n")
        let probe = root.appendingPathComponent("probe.txt")
        // The "editor": notes its process group and the terminal's foreground group, then reads a line from the
        // terminal into the file, as an editor takes keys.
        let editor = root.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        echo "$(ps -o pgid= -p $$) $(ps -o tpgid= -p $$)" > '\(probe.path)'
        echo "Type a description:"
        read line || exit 9
        echo "description: $line" >> "$1"
        """.write(to: editor, atomically: true, encoding: .utf8)
        chmod(editor.path, 0o755)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 110, height: 30,
                                      environment: ["EDITOR": editor.path, "VISUAL": ""])
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("j")
        try session.waitFor("/a")
        try session.sendKeys("E")
        try session.waitFor("Type a description:")
        // `r` renames and `d` deletes in the explorer: here they are the editor's.
        try session.sendText("read by the editor")
        try session.sendKeys("Enter")
        _ = try session.waitUntil { _ in
            (try? String(contentsOf: root.appendingPathComponent("T/a.yaml"), encoding: .utf8))?.contains("description: read by the editor") == true
        }
        let groups = try String(contentsOf: probe, encoding: .utf8).split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(groups.count == 2 && groups[0] == groups[1], "the editor's process group and the terminal's: \(groups)")
        let screen = try session.capture()
        #expect(!screen.contains("Rename") && !screen.contains("Delete"), "\(screen)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
