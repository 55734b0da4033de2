import Foundation
import Testing
import TestSupport

/// Issue 31 in the real binary: the config file's `keymap: {tree: {new: "a"}}` makes `a` open the new-request form,
/// and `n` no longer does; an unknown key beside it is a warning in the status line.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ConfigKeymapEndToEndTests {
    @Test func aKeymapOverrideInTheConfigFileWorks() throws {
        let temp = try TempDirectory()
        try temp.write("C/T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:1\n")
        try temp.write("C/T/f/alpha.yaml", "name: Alpha\nurl: /alpha\n")
        try temp.write("config.yaml", "keymap: {tree: {new: \"a\"}}\nthem: light\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path + "/C", "--no-history", "--config", temp.path + "/config.yaml"],
                                      width: 110, height: 50)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        // A bad key is reported where the user looks (the status line, and ! lists it) and the rest still applies.
        try session.waitFor("config.yaml:2:1: warning: unknown key")
        try session.sendKeys("a")
        let form = try session.waitFor("New request in")
        #expect(form.contains("New request in T"), "\(form)")
        try session.sendKeys("Escape")
        try session.waitUntilGone("New request in")
        // n is unbound in the tree now: had it opened the form, the ? after it would be typed into the form's name.
        try session.sendKeys("n")
        try session.sendKeys("?")
        // The line itself is waited for: the overlay's first rows can be on screen before the rest of the frame.
        let help = try session.waitFor("new request in this folder")
        #expect(!help.contains("New request in"), "n did not open the form")
        #expect(help.range(of: #"\ba +new request in this folder"#, options: .regularExpression) != nil, "the help shows a: \(help)")
        try session.sendKeys("Escape")
        try session.waitUntilGone("Keys (")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
