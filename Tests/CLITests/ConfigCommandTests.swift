import Foundation
import Testing
import TestSupport

@Suite("apiexplorer config and config --init in the built binary (issue 31)")
struct ConfigCommandTests {
    @Test func initWritesACommentedFileThatLoadsWithoutWarningsAndRefusesToOverwrite() async throws {
        let temp = try TempDirectory()
        let environment = ["XDG_CONFIG_HOME": temp.path + "/xdg", "APIEXPLORER_CONFIG": ""]
        let written = try await CLIRunner.run(["config", "--init"], environment: environment)
        let path = temp.path + "/xdg/apiexplorer/config.yaml"
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains(path))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# apiexplorer configuration") && text.contains("# tree: {new: \"a\"}"))

        let shown = try await CLIRunner.run(["config"], environment: environment)
        #expect(shown.status == 0 && shown.stderr.isEmpty, "the written file loads without warnings: \(shown.stderr)")
        #expect(shown.stdout.contains("# \(path) (default)"))
        #expect(shown.stdout.range(of: #"theme\s+dark\s+file:6"#, options: .regularExpression) != nil, "\(shown.stdout)")

        let again = try await CLIRunner.run(["config", "--init"], environment: environment)
        #expect(again.status == 1 && again.stderr.contains("exists; pass --force"))
        try Data("mouse: false\n".utf8).write(to: URL(fileURLWithPath: path))
        let forced = try await CLIRunner.run(["config", "--init", "--force"], environment: environment)
        #expect(forced.status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("keymap:"))
    }

    @Test func configPrintsEachValueWithItsOriginFlagOverEnvOverFile() async throws {
        let temp = try TempDirectory()
        try temp.write("c.yaml", "mouse: false\npager: most\nthem: light\nhistory:\n  maxAge: 12h\nkeymap: {tree: {new: a, top: d}}\n")
        let plain = try await CLIRunner.run(["config", "--config", temp.path + "/c.yaml"], environment: ["PAGER": "", "APIEXPLORER_MOUSE": ""])
        #expect(plain.status == 0)
        #expect(plain.stdout.range(of: #"\nmouse\s+false\s+file:1\n"#, options: .regularExpression) != nil, "\(plain.stdout)")
        #expect(plain.stdout.range(of: #"\npager\s+most\s+file:2\n"#, options: .regularExpression) != nil, "\(plain.stdout)")
        #expect(plain.stdout.range(of: #"\nhistory.maxAge\s+12h\s+file:5\n"#, options: .regularExpression) != nil, "\(plain.stdout)")
        #expect(plain.stdout.range(of: #"\nkeymap.tree.new\s+a\s+file:6\n"#, options: .regularExpression) != nil, "\(plain.stdout)")
        #expect(plain.stdout.range(of: #"\nkeymap.tree.top\s+d \(not applied: see the warning\)\s+file:6\n"#, options: .regularExpression) != nil, "\(plain.stdout)")
        #expect(plain.stderr.contains("d is already deleteRequest in keymap.tree"), "\(plain.stderr)")
        #expect(plain.stdout.range(of: #"\ntheme\s+dark\s+default\n"#, options: .regularExpression) != nil, "\(plain.stdout)")
        #expect(plain.stderr.contains("c.yaml:3:1: warning: unknown key \"them\" (did you mean \"theme\"?)"), "\(plain.stderr)")

        let env = try await CLIRunner.run(["config", "--config", temp.path + "/c.yaml"],
                                          environment: ["APIEXPLORER_MOUSE": "on", "PAGER": "less", "APIEXPLORER_THEME": "light"])
        #expect(env.stdout.range(of: #"\ntheme\s+light\s+env APIEXPLORER_THEME\n"#, options: .regularExpression) != nil, "\(env.stdout)")
        #expect(env.stdout.range(of: #"\nmouse\s+true\s+env APIEXPLORER_MOUSE\n"#, options: .regularExpression) != nil, "\(env.stdout)")
        #expect(env.stdout.range(of: #"\npager\s+less\s+env PAGER\n"#, options: .regularExpression) != nil, "\(env.stdout)")

        let flag = try await CLIRunner.run(["config", "--config", temp.path + "/c.yaml", "--no-mouse", "--json", "--theme", "16-color"],
                                           environment: ["APIEXPLORER_MOUSE": "on", "APIEXPLORER_THEME": "light"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(flag.stdout.utf8)) as? [String: Any])
        let settings = try #require(object["settings"] as? [[String: String]])
        #expect(settings.first { $0["key"] == "mouse" } == ["key": "mouse", "value": "false", "origin": "flag --no-mouse"])
        #expect(settings.first { $0["key"] == "theme" } == ["key": "theme", "value": "16-color", "origin": "flag --theme"])
        #expect((object["warnings"] as? [String])?.count == 2)
    }

    @Test func checkFailsACIJobOnAnyErrorOrWarning() async throws {
        let temp = try TempDirectory()
        try temp.write("clean.yaml", "mouse: false\n")
        let (clean, warned, broken) = (temp.path + "/clean.yaml", temp.path + "/warned.yaml", temp.path + "/broken.yaml")
        let ok = try await CLIRunner.run(["config", "--check", "--config", clean])
        #expect(ok.status == 0 && ok.stdout.contains("no problems"), "\(ok.stdout)\(ok.stderr)")
        try temp.write("warned.yaml", "mouse: false\nmouze: true\nkeymap:\n  tree:\n    renme: R\n")
        let warning = try await CLIRunner.run(["config", "--check", "--config", warned])
        #expect(warning.status == 1 && warning.stdout.contains("2 problems"), "\(warning.stdout)\(warning.stderr)")
        #expect(warning.stderr.contains("mouze") && warning.stderr.contains("did you mean"), "\(warning.stderr)")
        try temp.write("broken.yaml", "mouse: true\nkeymap: [unclosed\n")
        let error = try await CLIRunner.run(["config", "--check", "--config", broken])
        #expect(error.status == 1 && error.stderr.contains("error: ") && error.stderr.contains("broken.yaml:"), "\(error.stderr)")
        // Everywhere the file is read, a file that does not parse stops the command instead of being ignored.
        let shown = try await CLIRunner.run(["config", "--config", broken])
        #expect(shown.status == 1, "\(shown.stderr)")
        let send = try await CLIRunner.run(["send", "Demo/users/list", "--config", broken, "--no-history"])
        #expect(send.status == 2 && send.stderr.contains("fix the config file \(broken)"), "\(send.stderr)")
    }

    @Test func aMissingNamedConfigFileIsAnErrorAndAMissingDefaultIsNot() async throws {
        let temp = try TempDirectory()
        let missing = try await CLIRunner.run(["config", "--config", temp.path + "/nope.yaml"])
        #expect(missing.status == 1 && missing.stderr.contains("nope.yaml (flag --config) does not exist"), "\(missing.stderr)")
        let variable = try await CLIRunner.run(["list"], environment: ["APIEXPLORER_CONFIG": temp.path + "/nope.yaml"])
        #expect(variable.status == 0, "list does not read the config")
        let send = try await CLIRunner.run(["send", "Demo/users/list", "--config", temp.path + "/nope.yaml"])
        #expect(send.status == 1 && send.stderr.contains("does not exist"))
        let absent = try await CLIRunner.run(["config"], environment: ["XDG_CONFIG_HOME": temp.path, "APIEXPLORER_CONFIG": ""])
        #expect(absent.status == 0 && absent.stdout.contains("not found, defaults apply"), "\(absent.stdout)")
    }

    /// Collections `C` holding `S`: environment `one` (the default, on a closed port) and `two` at `two`, and `S/get`.
    static func twoEnvironments(two: String) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("C/S/collection.yaml", """
            name: S
            environments:
              - name: one
                default: true
                baseURL: http://127.0.0.1:1
              - name: two
                baseURL: \(two)
            """)
        try temp.write("C/S/get.yaml", "name: get\nurl: /json\n")
        return temp
    }

    @Test func sendUsesTheConfigsDefaultEnvironmentAndPrettyModeUnlessFlagsSayOtherwise() async throws {
        let server = try FaultServer(routes: ["/json": .respond(status: 200, headers: ["Content-Type: application/json"], body: "{\"a\":1}")])
        defer { server.stop() }
        let temp = try Self.twoEnvironments(two: server.baseURL.absoluteString)
        try temp.write("c.yaml", "environments: {S: two}\nresponse: {pretty: format}\n")
        let sent = try await CLIRunner.run(["send", "S/get", "--collections", temp.path + "/C", "--config", temp.path + "/c.yaml"])
        #expect(sent.status == 0, "the file's environment 'two' is the one that answers: \(sent.stderr)")
        #expect(sent.stdout.contains("\"a\": 1"), "response.pretty: format formats a piped body: \(sent.stdout)")
        let raw = try await CLIRunner.run(["send", "S/get", "--collections", temp.path + "/C", "--config", temp.path + "/c.yaml", "--pretty", "none"])
        #expect(raw.stdout.contains("{\"a\":1}"), "--pretty wins over the file: \(raw.stdout)")
        let flagged = try await CLIRunner.run(["send", "S/get", "--collections", temp.path + "/C", "--config", temp.path + "/c.yaml", "--env", "one"])
        #expect(flagged.status == 2, "--env wins over the file")
    }

    @Test func exportEnvsAndCookiesUseTheConfigsEnvironmentToo() async throws {
        let temp = try Self.twoEnvironments(two: "http://127.0.0.1:2")
        try temp.write("c.yaml", "environments:\n  S: two\n")
        let common = ["--collections", temp.path + "/C", "--config", temp.path + "/c.yaml"]
        let exported = try await CLIRunner.run(["export", "curl", "S/get"] + common)
        #expect(exported.status == 0 && exported.stdout.contains("http://127.0.0.1:2/json"), "\(exported.stdout)\(exported.stderr)")
        let flagged = try await CLIRunner.run(["export", "curl", "S/get", "--env", "one"] + common)
        #expect(flagged.stdout.contains("http://127.0.0.1:1/json"), "--env wins over the file: \(flagged.stdout)")
        let envs = try await CLIRunner.run(["envs", "S"] + common)
        #expect(envs.stdout.contains("  one (default)\n"), "\(envs.stdout)")
        #expect(envs.stdout.contains("  two (chosen by \(temp.path)/c.yaml:2:"), "\(envs.stdout)")
        let state = ["APIEXPLORER_STATE_DIR": temp.path + "/state"]
        try temp.write("jar.txt", "127.0.0.1\tFALSE\t/\tFALSE\t4102444800\tsid\tabc\n")
        let imported = try await CLIRunner.run(["cookies", "import", temp.path + "/jar.txt", "S"] + common, environment: state)
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try await CLIRunner.run(["cookies", "list", "S", "--env", "two"] + common, environment: state)
        #expect(listed.stdout.contains("sid"), "imported into the file's environment: \(listed.stdout)\(listed.stderr)")
        try temp.write("c.yaml", "environments:\n  S: three\n")
        let unknown = try await CLIRunner.run(["export", "curl", "S/get"] + common)
        #expect(unknown.stdout.contains("http://127.0.0.1:1/json"), "an unknown name falls back to the default: \(unknown.stdout)")
        #expect(unknown.stderr.contains("c.yaml:2:") && unknown.stderr.contains("has no environment \"three\""), "\(unknown.stderr)")
    }

    @Test func theFilesHistoryPathIsWhereSendRecordsAndWhereHistoryReads() async throws {
        let server = try FaultServer(routes: ["/ok": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "fine")])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("C/S/collection.yaml", "name: S\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("C/S/ok.yaml", "name: ok\nurl: /ok\n")
        try temp.write("c.yaml", "history:\n  path: \(temp.path)/kept.sqlite\n")
        // The runner turns history off with APIEXPLORER_HISTORY=off; an empty variable is unset, so the file decides.
        let environment = ["APIEXPLORER_HISTORY": "", "APIEXPLORER_CONFIG": temp.path + "/c.yaml"]
        let sent = try await CLIRunner.run(["send", "S/ok", "--collections", temp.path + "/C"], environment: environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(FileManager.default.fileExists(atPath: temp.path + "/kept.sqlite"), "send recorded where the file says")
        let listed = try await CLIRunner.run(["history"], environment: environment)
        #expect(listed.status == 0 && listed.stdout.contains("S/ok"), "history reads the same file: \(listed.stdout) \(listed.stderr)")
        let off = try await CLIRunner.run(["send", "S/ok", "--collections", temp.path + "/C"], environment: ["APIEXPLORER_CONFIG": temp.path + "/c.yaml"])
        #expect(off.status == 0)
        let count = try await CLIRunner.run(["history", "--json"], environment: environment)
        #expect(count.stdout.components(separatedBy: "S/ok").count == 2, "APIEXPLORER_HISTORY=off wins over the file: one exchange kept, \(count.stdout)")
    }
}
