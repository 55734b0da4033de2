import Foundation
import Testing
import TestSupport

/// Issue 39, in the real binary: `E` applies the editor's copy with the check a save makes, so a request file changed
/// on disk while the editor ran (by another editor, or another explorer's `E`) is not written over: the user is told,
/// and both changes stay. The copy is the explorer's own and has the file's permissions.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ExternalEditorConflictEndToEndTests {
    /// A collection `T` with one request file `a.yaml`, readable by its owner only.
    private func collection(_ temp: TempDirectory) throws -> String {
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:9\n")
        try temp.write("T/a.yaml", "name: A\nurl: /a\n")
        let file = temp.path + "/T/a.yaml"
        chmod(file, 0o600)
        return file
    }

    /// An executable shell script at `path`.
    private func script(_ path: String, _ text: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    /// The explorer on `temp`'s collections, with request A selected.
    private func explorer(_ temp: TempDirectory, editor: String) throws -> TmuxSession {
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 180, height: 30,
                                      environment: ["EDITOR": editor, "VISUAL": ""])
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("j")
        try session.waitFor("/a")
        return session
    }

    /// The editor copies left in `T`.
    private func copies(_ temp: TempDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: temp.path + "/T").filter { $0.hasSuffix(".edit") }.sorted()
    }

    @Test func aFileChangedOnDiskWhileTheEditorRanIsNotWrittenOver() throws {
        let temp = try TempDirectory()
        let file = try collection(temp)
        // The "editor" notes its copy's permissions, another program saves the file meanwhile, and the user's edit is made.
        try script(temp.path + "/editor.sh", """
            #!/bin/sh
            stat -c %a "$1" > '\(temp.path)/mode'
            printf 'name: Theirs\\nurl: /a\\n' > '\(file)'
            printf 'name: Mine\\nurl: /a\\n' > "$1"
            """)
        let session = try explorer(temp, editor: temp.path + "/editor.sh")
        defer { session.kill() }
        try session.sendKeys("E")
        let screen = try session.waitFor("changed on disk", timeout: 20)
        #expect(screen.contains("your edit stays in"), "\(screen)")
        #expect(try String(contentsOfFile: temp.path + "/mode", encoding: .utf8) == "600\n", "the copy has the file's own mode")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "name: Theirs\nurl: /a\n", "the other change stays")
        let left = try copies(temp)
        #expect(left.count == 1)
        #expect(try String(contentsOfFile: temp.path + "/T/" + (left.first ?? "-"), encoding: .utf8) == "name: Mine\nurl: /a\n",
                "the user's edit stays in the copy")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func twoExplorersEditingOneFileAtOnceLoseNeitherEdit() throws {
        let temp = try TempDirectory()
        let file = try collection(temp)
        // The first editor stays open until the test releases it; the second saves at once.
        try script(temp.path + "/first.sh", """
            #!/bin/sh
            printf 'name: One\\nurl: /a\\n' > "$1"
            touch '\(temp.path)/first-open'
            while [ ! -e '\(temp.path)/release' ]; do sleep 0.05; done
            """)
        try script(temp.path + "/second.sh", """
            #!/bin/sh
            printf 'name: Two\\nurl: /a\\n' > "$1"
            """)
        let first = try explorer(temp, editor: temp.path + "/first.sh")
        defer { first.kill() }
        let second = try explorer(temp, editor: temp.path + "/second.sh")
        defer { second.kill() }
        try first.sendKeys("E")
        try first.waitUntil { _ in FileManager.default.fileExists(atPath: temp.path + "/first-open") }
        try second.sendKeys("E")
        try second.waitFor("Reloaded")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "name: Two\nurl: /a\n")
        FileManager.default.createFile(atPath: temp.path + "/release", contents: nil)
        try first.waitFor("changed on disk", timeout: 20)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "name: Two\nurl: /a\n", "the second explorer's edit stays")
        let left = try copies(temp)
        #expect(left.count == 1)
        #expect(try String(contentsOfFile: temp.path + "/T/" + (left.first ?? "-"), encoding: .utf8) == "name: One\nurl: /a\n",
                "the first explorer's edit stays in its copy")
    }
}
