import Foundation
import Testing
import TestSupport

/// Issue 26, item 3, in the real binary: a message too long for the status line is readable to its end, on two rows
/// or in full with `!`, which lists the recent messages.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct StatusLogEndToEndTests {
    @Test func aLongMessageCanBeReadToItsEnd() throws {
        let temp = try TempDirectory()
        let root = URL(fileURLWithPath: temp.path)
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:9\n")
        try temp.write("T/a.yaml", "name: A\nurl: /a\n")
        // The "editor" leaves YAML that does not load: the message of the issue, longer than an 80-column line.
        let editor = root.appendingPathComponent("editor.sh")
        try "#!/bin/sh\nprintf 'headers\\n  x: [\\n' >> \"$1\"\n".write(to: editor, atomically: true, encoding: .utf8)
        chmod(editor.path, 0o755)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 80, height: 24,
                                      environment: ["EDITOR": editor.path, "VISUAL": ""])
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.sendKeys("j")
        try session.waitFor("/a")
        try session.sendKeys("E")
        // Its last words, cut off at the screen's edge before, are on screen.
        let wrapped = try session.waitFor("Not applied:")
        let rows = wrapped.components(separatedBy: "\n")
        // The message fills the row above the bar to the edge and goes on in the bar.
        let first = try #require(rows.firstIndex { $0.hasPrefix("Not applied:") }, "\(wrapped)")
        let joined = rows[first] + (rows.indices.contains(first + 1) ? rows[first + 1] : "")
        #expect(joined.contains("! shows all") || joined.contains("the file is unchanged."), "the message is cut:\n\(wrapped)")
        // ! lists it in full, newest first, with the earlier messages below.
        try session.sendKeys("!")
        let list = try session.waitFor("Messages, newest first")
        let flat = list.components(separatedBy: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }.joined(separator: " ")
        #expect(flat.contains("E opens your edit again") && flat.contains("the file is unchanged."), "the log does not show it whole:\n\(list)")
        try session.sendKeys("Escape")
        try session.waitUntilGone("Messages, newest first")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
