import Foundation
import Testing
import TestSupport

/// Issue 26, item 4, in the real binary: the `.NAME.yaml.PID.edit` copy `E` edits is gone once the edit is abandoned (the
/// editor fails) and, for an edit that did not load, once the explorer quits.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ExternalEditorCleanupEndToEndTests {
    @Test func noEditorCopyIsLeftInTheCollection() throws {
        let temp = try TempDirectory()
        let root = URL(fileURLWithPath: temp.path)
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:9\n")
        try temp.write("T/a.yaml", "name: A\nurl: /a\n")
        try temp.write("T/b.yaml", "name: B\nurl: /b\n")
        // The "editor": A's file gets YAML that does not load; on B's it fails, as `:cq` in vi does.
        let editor = root.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        case "$1" in
          *.b.yaml.*.edit) exit 3 ;;
          *) echo 'url: [' >> "$1" ;;
        esac
        """.write(to: editor, atomically: true, encoding: .utf8)
        chmod(editor.path, 0o755)
        // The copies are the explorer's own (`.NAME.yaml.PID.edit`): found by their start and end.
        func copies(of name: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("T").path)) ?? [])
                .filter { $0.hasPrefix(".\(name).yaml.") && $0.hasSuffix(".edit") }
        }
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 110, height: 30,
                                      environment: ["EDITOR": editor.path, "VISUAL": ""])
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")

        // A broken edit keeps its copy for the next E while the explorer runs.
        try session.sendKeys("j")
        try session.waitFor("/a")
        try session.sendKeys("E")
        try session.waitFor("Not applied:")
        #expect(copies(of: "a").count == 1)
        // An editor that fails on a fresh copy abandons the edit: nothing of it is kept.
        try session.sendKeys("j")
        try session.waitFor("/b")
        try session.sendKeys("E")
        try session.waitFor("exited with status 3")
        #expect(copies(of: "b").isEmpty, "the abandoned edit left \(copies(of: "b"))")
        // Quitting removes the copy the broken edit left.
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(copies(of: "a").isEmpty, "quitting left \(copies(of: "a"))")
        #expect(try String(contentsOf: root.appendingPathComponent("T/a.yaml"), encoding: .utf8) == "name: A\nurl: /a\n")
    }
}
