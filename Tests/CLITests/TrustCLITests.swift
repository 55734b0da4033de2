import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// Trust on the command line, with a hostile server and cloned collections: values from responses go back as data,
/// an untrusted collection reads and runs nothing (exit 1 naming `apiexplorer trust`), `trust` lists every item
/// with its place, safely, and remembers; `--trust` (and `--allow-commands`) trust one invocation; `send` asks on a
/// terminal.
@Suite("Trust on the command line", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct TrustCLITests {
    /// A collection `S` whose requests each read one thing outside it, sent to `server`.
    static func cloned(_ temp: TempDirectory, baseURL: String) throws {
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: local
                baseURL: \(baseURL)
                variables:
                  - name: fromenv
                    fromEnv: LEAK_FROM_ENV
                  - name: envref
                    secret: true
                  - name: passref
                    secret: true
            """)
        try temp.write("S/secrets.local.yaml", "local:\n  envref: env:LEAK_ENV_REF\n  passref: pass:work/api\n")
        try temp.write("S/key.yaml", "url: /echo/key\nheaders:\n  - name: X-Leak\n    value: \"{{$file ~/.ssh/id_rsa}}\"\n")
        try temp.write("S/passwd.yaml", "url: /echo/passwd\nheaders:\n  - name: X-Leak\n    value: \"{{$file ../../../../../../../../etc/hostname}}\"\n")
        try temp.write("S/env.yaml", "url: /echo/env\nheaders:\n  - name: X-Leak\n    value: \"{{$env.LEAK_ENV}}\"\n")
        try temp.write("S/fromenv.yaml", "url: /echo/fromenv\nheaders:\n  - name: X-Leak\n    value: \"{{fromenv}}\"\n")
        try temp.write("S/envref.yaml", "url: /echo/envref\nheaders:\n  - name: X-Leak\n    value: \"{{envref}}\"\n")
        try temp.write("S/passref.yaml", "url: /echo/passref\nheaders:\n  - name: X-Leak\n    value: \"{{passref}}\"\n")
        try temp.write("S/spaced.yaml", "url: /echo/spaced\nheaders:\n  - name: X-Leak\n    value: \"{{ $command touch ran-spaced}}\"\n")
        try temp.write("S/escaped.yaml", "url: /echo/escaped\nheaders:\n  - name: X-Leak\n    value: \"{{$comm\\u0061nd touch ran-escaped}}\"\n")
        try temp.write("S/folded.yaml", "url: /echo/folded\nheaders:\n  - name: X-Leak\n    value: \"{{$command touch\n      ran-folded}}\"\n")
        try temp.write("home/.ssh/id_rsa", "PRIVATE-KEY-BYTES")
    }

    static let requests = ["key", "passwd", "env", "fromenv", "envref", "passref", "spaced", "escaped", "folded"]

    static func environment(_ temp: TempDirectory, tools: FakeSecretTools) -> [String: String] {
        ["APIEXPLORER_STATE_DIR": temp.path + "/state", "HOME": temp.path + "/home", "LEAK_ENV": "env-SECRET",
         "LEAK_FROM_ENV": "fromenv-SECRET", "LEAK_ENV_REF": "envref-SECRET", "PATH": tools.directory + ":/usr/bin:/bin"]
    }

    @Test func aClonedCollectionReadsAndRunsNothingUntilTrusted() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try Self.cloned(temp, baseURL: server.baseURL.absoluteString)
        let tools = try FakeSecretTools(in: temp.path)
        try tools.add("pass", "echo pass-SECRET")
        let environment = Self.environment(temp, tools: tools)
        let setsid = URL(fileURLWithPath: "/usr/bin/setsid")
        let binary = try BuiltProducts.executable(named: "apiexplorer").path
        for name in Self.requests {
            // -w: setsid waits for the program and passes its exit status on; no terminal to ask on.
            let refused = try await CLIRunner.run(["-w", binary, "send", "S/\(name)", "--collections", temp.path, "--no-history"],
                                                  environment: environment, executable: setsid)
            #expect(refused.status == 1, "\(name): \(refused.stdout)\(refused.stderr)")
            #expect(refused.stderr.contains("Collection S is not trusted") && refused.stderr.contains("apiexplorer trust S"), "\(name): \(refused.stderr)")
            // The list is one read a line, as written, not one line with its breaks escaped.
            #expect(refused.stderr.contains("outside it:\n  ") && !refused.stderr.contains("\\u{A}"), "\(name): \(refused.stderr)")
            #expect(await server.hits("/echo/\(name)") == 0, "\(name) was sent")
        }
        // run refuses the same way, before sending anything.
        let run = try await CLIRunner.run(["-w", binary, "run", "S", "--collections", temp.path, "--no-history"], environment: environment, executable: setsid)
        #expect(run.status == 1 && run.stderr.contains("apiexplorer trust S"), "\(run.stdout)\(run.stderr)")
        for name in Self.requests { #expect(await server.hits("/echo/\(name)") == 0) }
        #expect(tools.calls.isEmpty, "pass ran: \(tools.calls)")
        for name in ["spaced", "escaped", "folded"] { #expect(!FileManager.default.fileExists(atPath: temp.path + "/S/ran-" + name)) }
        // A preview (export) shows the template and reads nothing.
        let export = try await CLIRunner.run(["export", "curl", "S/key", "--collections", temp.path], environment: environment)
        #expect(export.stdout.contains("{{$file ~/.ssh/id_rsa}}") && !export.stdout.contains("PRIVATE-KEY"), "\(export.stdout)\(export.stderr)")

        // Trusted, every read happens.
        let trusted = try await CLIRunner.run(["trust", "S", "--yes", "--collections", temp.path], environment: environment)
        #expect(trusted.status == 0, "\(trusted.stdout)\(trusted.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: temp.path + "/state/trusted-collections.json")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let sent = try await CLIRunner.run(["-w", binary, "run", "S", "--collections", temp.path, "--no-history"], environment: environment, executable: setsid)
        #expect(sent.status == 0, "\(sent.stdout)\(sent.stderr)")
        for name in Self.requests { #expect(await server.hits("/echo/\(name)") == 1, "\(name)") }
        for name in ["spaced", "escaped", "folded"] { #expect(FileManager.default.fileExists(atPath: temp.path + "/S/ran-" + name), "\(name)") }
        #expect(tools.calls == ["pass show work/api"])

        // A new command changes the list: asked again.
        try temp.write("S/more.yaml", "url: /echo/more\nheaders:\n  - name: X\n    value: \"{{$command touch ran-more}}\"\n")
        let changed = try await CLIRunner.run(["-w", binary, "send", "S/more", "--collections", temp.path, "--no-history"],
                                              environment: environment, executable: setsid)
        #expect(changed.status == 1 && !FileManager.default.fileExists(atPath: temp.path + "/S/ran-more"), "\(changed.stderr)")
        // --trust, and its older spelling, trust one invocation without remembering.
        for flag in ["--trust", "--allow-commands"] {
            let once = try await CLIRunner.run(["-w", binary, "send", "S/more", flag, "--collections", temp.path, "--no-history"],
                                               environment: environment, executable: setsid)
            #expect(once.status == 0, "\(flag): \(once.stderr)")
        }
        let still = try await CLIRunner.run(["trust", "S", "--list", "--collections", temp.path], environment: environment)
        #expect(still.stdout.contains("not trusted: the list changed since it was trusted"), "\(still.stdout)")
        await server.stop()
    }

    @Test func theListNamesEachItemWhereItIsWrittenAndShowsEscapesSafely() async throws {
        let temp = try TempDirectory()
        try Self.cloned(temp, baseURL: "http://127.0.0.1:9")
        // ESC[3A ESC[J would hide the lines above it; OSC 0 would retitle the terminal.
        try temp.write("S/hidden.yaml", "url: /x\nheaders:\n  - name: X\n    value: \"{{$command echo benign-user\\e[3A\\e[J\\e]0;owned\\a}}\"\n")
        let tools = try FakeSecretTools(in: temp.path)
        let listed = try await CLIRunner.run(["trust", "S", "--list", "--collections", temp.path], environment: Self.environment(temp, tools: tools))
        #expect(listed.status == 0, "\(listed.stderr)")
        let home = CollectionBoundary.realPath(temp.path) + "/home"
        for line in ["Collection S (not trusted) reads or runs outside its directory:",
                     "  collection.yaml:7  reads the environment variable LEAK_FROM_ENV",
                     "  env.yaml:4  reads the environment variable LEAK_ENV",
                     "  escaped.yaml:4  runs the shell command: touch ran-escaped",
                     "  folded.yaml:4  runs the shell command: touch ran-folded",
                     "  hidden.yaml:4  runs the shell command: echo benign-user\\u{1B}[3A\\u{1B}[J\\u{1B}]0;owned\\u{7}",
                     "  key.yaml:4  reads the file \(home)/.ssh/id_rsa",
                     "  passwd.yaml:4  reads the file /etc/hostname",
                     "  secrets.local.yaml:2  reads the environment variable LEAK_ENV_REF",
                     "  secrets.local.yaml:3  reads the secret pass:work/api",
                     "  spaced.yaml:4  runs the shell command: touch ran-spaced"] {
            #expect(listed.stdout.contains(line + "\n"), "missing \(line) in\n\(listed.stdout)")
        }
        #expect(!listed.stdout.contains("\u{1B}") && !listed.stdout.contains("\u{07}"))
        // Without a terminal and without --yes nothing is trusted.
        let setsid = URL(fileURLWithPath: "/usr/bin/setsid")
        let binary = try BuiltProducts.executable(named: "apiexplorer").path
        let asked = try await CLIRunner.run(["-w", binary, "trust", "S", "--collections", temp.path], environment: Self.environment(temp, tools: tools),
                                            executable: setsid)
        #expect(asked.status == 1 && asked.stderr.contains("pass --yes"), "\(asked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/state/trusted-collections.json"))
    }

    @Test func aServerAnsweringTemplatesGetsThemBackAsData() async throws {
        let temp = try TempDirectory()
        try temp.write("home/.ssh/id_rsa", "PRIVATE-KEY-BYTES")
        let hostile = #"{"token": "{{$file ~/.ssh/id_rsa}}", "env": "{{$env.AWS_SECRET_ACCESS_KEY}}", "cmd": "{{$command touch pwned}}"}"#
        let server = try FaultServer(routes: ["/login": .respond(status: 200, headers: ["Content-Type: application/json"], body: hostile),
                                              "/next": .respond(status: 200, headers: ["Content-Type: application/json"], body: "{}")])
        try temp.write("S/collection.yaml", "name: S\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("S/login.yaml", """
            method: POST
            url: /login
            captures:
              - name: tok
                json: $.token
              - name: envv
                json: $.env
              - name: cmdv
                json: $.cmd
                secret: true
            """)
        try temp.write("S/next.yaml", """
            url: /next
            needs:
              - login
            headers:
              - name: X-Tok
                value: "{{tok}}"
              - name: X-Env
                value: "{{envv}}"
              - name: X-Cmd
                value: "{{cmdv}}"
            """)
        let environment = ["APIEXPLORER_STATE_DIR": temp.path + "/state", "HOME": temp.path + "/home", "AWS_SECRET_ACCESS_KEY": "aws-SECRET"]
        // Even with the collection trusted for everything, what the server said is data.
        let run = try await CLIRunner.run(["run", "S", "--trust", "--save-captures", "--env", "local", "--collections", temp.path, "--no-history"],
                                          environment: environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let next = try #require(server.requests(to: "/next").first)
        #expect(next.headers["x-tok"] == "{{$file ~/.ssh/id_rsa}}" && next.headers["x-env"] == "{{$env.AWS_SECRET_ACCESS_KEY}}")
        #expect(next.headers["x-cmd"] == "{{$command touch pwned}}")
        // Sent again in a later process, from the saved captures.
        let again = try await CLIRunner.run(["send", "S/next", "--trust", "--env", "local", "--collections", temp.path, "--no-history"],
                                            environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        let later = server.requests(to: "/next")
        #expect(later.count == 2 && later.allSatisfy { $0.headers["x-cmd"] == "{{$command touch pwned}}" && $0.headers["x-tok"] == "{{$file ~/.ssh/id_rsa}}" },
                "\(later.map(\.headers))")
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/S/pwned"))
        server.stop()
    }

    @Test func sendAsksOnATerminalAndRemembers() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", "name: S\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("S/who.yaml", "url: /echo/who?user={{$command printf ada}}\nchecks:\n  - json: $.query[0].value\n    equals: ada\n")
        let state = ["APIEXPLORER_STATE_DIR": temp.path + "/state"]
        let binary = try BuiltProducts.executable(named: "apiexplorer").path
        let setsid = URL(fileURLWithPath: "/usr/bin/setsid")
        let send = [binary, "send", "S/who", "--collections", temp.path, "--no-history"]
        // The answer is typed once the question is on screen, as a user would. Off the cooperative pool: tmux polling
        // blocks its thread, and the loopback server needs one to answer.
        for (answer, status) in [("n", Int32(1)), ("y", Int32(0))] {
            let (question, exit, screen) = try await OffPool.run {
                let tmux = try TmuxSession(arguments: send, width: 120, height: 20, environment: state)
                let question = try tmux.waitFor("[y/N]")
                try tmux.sendText(answer)
                try tmux.sendKeys("Enter")
                return (question, try tmux.waitForExit(timeout: 30), try tmux.capture())
            }
            #expect(question.contains("Collection S reads or runs these outside its directory:\n  who.yaml:1  runs the shell command: printf ada"),
                    "\(question)")
            #expect(exit == status, "answer \(answer): \(screen)")
        }
        #expect(FileManager.default.fileExists(atPath: temp.path + "/state/trusted-collections.json"))
        // Remembered: no terminal needed now.
        let remembered = try await CLIRunner.run(["-w"] + send, environment: state, executable: setsid)
        #expect(remembered.status == 0, "\(remembered.stderr)")
        #expect(await server.hits("/echo/who") == 2)
        await server.stop()
    }
}
