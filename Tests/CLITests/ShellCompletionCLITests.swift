import Foundation
import Testing
import TestSupport

// Nested in CLITests for its .serialized trait: one child process at a time.
extension CLITests {
    /// The completion scripts `--generate-completion-script` writes, run in a real bash that sources the script and
    /// calls the function it registers, as bash does on Tab, with `apiexplorer` on the PATH (issue 46).
    @Suite("Shell completion of references and environments", .serialized)
    struct ShellCompletionCLITests {
        /// True when the shell command exits 0.
        static func succeeds(_ command: String) -> Bool {
            ExportCodeCLITests.succeeds(command)
        }

        /// A directory holding the completion script for `shell` and an `apiexplorer` link to the built binary.
        final class Setup: Sendable {
            let directory: TempDirectory
            let script: String

            init(shell: String) async throws {
                directory = try TempDirectory()
                let binary = try BuiltProducts.executable(named: "apiexplorer")
                try FileManager.default.createSymbolicLink(atPath: directory.path + "/apiexplorer", withDestinationPath: binary.path)
                let generated = try await CLIRunner.run(["--generate-completion-script", shell])
                #expect(generated.status == 0, "\(generated.stderr)")
                script = directory.path + "/completion.\(shell)"
                try Data(generated.stdout.utf8).write(to: URL(fileURLWithPath: script))
            }

            /// The PATH with the link's directory first.
            var path: String { directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") }
        }

        /// Quotes `text` for a bash command line.
        static func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }

        /// COMPREPLY after bash's Tab at the end of `line`, whose words (as typed, quotes and backslashes in) are
        /// `words`; `current` is the last word as bash hands it to the function (a quoted word unquoted, a word with
        /// backslash escapes as typed).
        static func bashTab(_ setup: Setup, words: [String], current: String? = nil) async throws -> [String] {
            let line = words.joined(separator: " ")
            let previous = words.count > 1 ? words[words.count - 2] : ""
            let program = """
                source \(quoted(setup.script))
                COMP_WORDS=(\(words.map(quoted).joined(separator: " ")))
                COMP_CWORD=\(words.count - 1)
                COMP_LINE=\(quoted(line))
                COMP_POINT=${#COMP_LINE}
                COMPREPLY=()
                function=$(complete -p apiexplorer | sed -E 's/.* -F ([^ ]+) .*/\\1/')
                "${function}" apiexplorer \(quoted(current ?? words.last ?? "")) \(quoted(previous))
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let run = try await CLIRunner.run(["-c", program], environment: ["PATH": setup.path], executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            return run.stdout.split(separator: "\n").map(String.init)
        }

        /// A collection `Lab` whose folder and request names hold spaces and characters bash would expand, with an
        /// environment whose name has a space, and a collection `Other` with one environment.
        static func labCollections() throws -> TempDirectory {
            let temp = try TempDirectory()
            try temp.write("Lab/collection.yaml", """
                name: Lab
                environments:
                  - name: local
                    baseURL: http://127.0.0.1:1
                  - name: Staging EU
                    baseURL: http://127.0.0.1:2
                """)
            try temp.write("Lab/My folder/My request.yaml", "name: Mine\nmethod: GET\nurl: /mine\n")
            try temp.write("Lab/My folder/Other.yaml", "name: Other\nmethod: GET\nurl: /other\n")
            try temp.write("Lab/odd/cost $HOME {a,b} ~x.yaml", "name: Odd\nmethod: GET\nurl: /odd\n")
            try temp.write("Lab/broken.yaml", "name: [unclosed\n")
            try temp.write("Other/collection.yaml", "name: Other\nenvironments:\n  - name: qa\n    baseURL: http://127.0.0.1:3\n")
            return temp
        }

        @Test func bashCompletesSendDeToTheDemoCollection() async throws {
            let setup = try await Setup(shell: "bash")
            // The tests run in the package root: ./Collections, the bundled collections, holds Demo.
            let replies = try await ShellCompletionCLITests.bashTab(setup, words: ["apiexplorer", "send", "De"])
            #expect(!replies.isEmpty)
            #expect(replies.allSatisfy { $0.hasPrefix("Demo/") }, "\(replies)")
            #expect(replies.contains("Demo/users/"), "\(replies)")
            #expect(try await ShellCompletionCLITests.bashTab(setup, words: ["apiexplorer", "send", "Demo/users/get-"]) == ["Demo/users/get-user"])
            // The same argument in the other commands that take a reference, after their own arguments and options.
            for words in [["run", "--parallel", "2", "De"], ["export", "python", "De"], ["diff", "--env", "local", "De"], ["auth", "De"], ["load", "De"]] {
                let replies = try await ShellCompletionCLITests.bashTab(setup, words: ["apiexplorer"] + words)
                #expect(replies.contains("Demo/users/"), "\(words): \(replies)")
            }
            #expect(try await ShellCompletionCLITests.bashTab(setup, words: ["apiexplorer", "export", "pyt"]) == ["python"])
        }

        @Test func bashCompletesAQuotedNameWithASpace() async throws {
            let setup = try await Setup(shell: "bash")
            // Demo/users/get-user declares `name: Get user`; `send "Demo/Users/Get user"` finds it by that name.
            let replies = try await ShellCompletionCLITests.bashTab(setup, words: ["apiexplorer", "send", "\"Demo/Users/Get u"],
                                                                    current: "Demo/Users/Get u")
            #expect(replies == ["Demo/Users/Get user"])
        }

        @Test func bashCompletesNamesWithSpacesOneLevelAtATime() async throws {
            let setup = try await Setup(shell: "bash")
            let temp = try ShellCompletionCLITests.labCollections()
            let line = ["apiexplorer", "send", "--collections", temp.path]
            #expect(try await ShellCompletionCLITests.bashTab(setup, words: line + ["Lab/My"]) == ["Lab/My folder/My request", "Lab/My folder/Other"])
            // What readline inserted for the common part, escaped, then a Tab again.
            #expect(try await ShellCompletionCLITests.bashTab(setup, words: line + ["Lab/My\\ folder/My\\ r"]) == ["Lab/My folder/My request"])
            // `$HOME`, `{a,b}` and `~` come back as they are: the script's compgen would expand them.
            #expect(try await ShellCompletionCLITests.bashTab(setup, words: line + ["Lab/o"]) == ["Lab/odd/cost $HOME {a,b} ~x"])
            #expect(try await ShellCompletionCLITests.bashTab(setup, words: line + ["Lab/b"]) == ["Lab/broken"])
        }

        @Test func bashCompletesEnvironmentNames() async throws {
            let setup = try await Setup(shell: "bash")
            let demo = try await ShellCompletionCLITests.bashTab(setup, words: ["apiexplorer", "send", "Demo/users/get-user", "--env", ""])
            #expect(demo == ["local", "staging"])
            let temp = try ShellCompletionCLITests.labCollections()
            let line = ["apiexplorer", "send", "--collections", temp.path]
            #expect(try await ShellCompletionCLITests.bashTab(setup, words: line + ["Lab/broken", "--env", "\"Stag"], current: "Stag") == ["Staging EU"])
            // No reference on the line: every collection's environments.
            #expect(try await ShellCompletionCLITests.bashTab(setup, words: line + ["--env", ""]) == ["local", "qa", "Staging EU"])
            #expect(try await ShellCompletionCLITests.bashTab(setup, words: ["apiexplorer", "mock", "--collections", temp.path, "Oth"]) == ["Other"])
            #expect(try await ShellCompletionCLITests.bashTab(setup, words: ["apiexplorer", "mock", "--collections", temp.path, "Other", "--env", ""]) == ["qa"])
        }

        @Test func theBinaryAnswersNothingForAnUnknownCollection() async throws {
            for word in ["Nope/", "Demo/nope/x", "Demo/users/get-user/"] {
                let run = try await CLIRunner.run(["---completion", "send", "--", "positional@0", "2", String(word.count), "apiexplorer", "send", word],
                                                  environment: ["SAP_SHELL": "bash"])
                #expect(run.status == 0, "\(word): \(run.stderr)")
                #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(word): \(run.stdout)\(run.stderr)")
            }
        }

        @Test func zshAndFishScriptsAskTheBinary() async throws {
            for shell in ["zsh", "fish"] {
                let generated = try await CLIRunner.run(["--generate-completion-script", shell])
                #expect(generated.status == 0)
                for call in ["---completion send -- positional@0", "---completion send -- --env", "---completion export -- positional@1",
                             "---completion run -- positional@0", "---completion diff -- positional@0", "---completion auth -- positional@0",
                             "---completion load -- positional@0"] {
                    #expect(generated.stdout.contains(call), "\(shell) script lacks \(call)")
                }
            }
        }

        @Test(.enabled(if: succeeds("command -v zsh"), "zsh is not installed: its script is not parsed"))
        func zshReadsItsScript() async throws {
            let setup = try await Setup(shell: "zsh")
            let run = try await ExportCommandTests.shell("zsh -n \(ShellCompletionCLITests.quoted(setup.script))")
            #expect(run.status == 0, "\(run.stderr)")
        }

        @Test(.enabled(if: succeeds("command -v zsh") && TmuxSession.isAvailable, "zsh or tmux is not installed: zsh's completion is not run"))
        func zshCompletesSendDe() async throws {
            let setup = try await Setup(shell: "zsh")
            // zsh finds a completion function by its file name on fpath: `_apiexplorer`, as the README installs it.
            try FileManager.default.copyItem(atPath: setup.script, toPath: setup.directory.path + "/_apiexplorer")
            let session = try TmuxSession(arguments: ["zsh", "-f"], width: 120, height: 20,
                                          environment: ["PATH": setup.path, "HOME": setup.directory.path])
            try session.sendText("cd \(ShellCompletionCLITests.quoted(CLIRunner.packageRoot.path)); fpath=(\(ShellCompletionCLITests.quoted(setup.directory.path)) $fpath); autoload -U compinit; compinit -u")
            try session.sendKeys("Enter")
            try session.sendText("apiexplorer send De")
            try session.sendKeys("Tab")
            _ = try session.waitFor("apiexplorer send Demo/")
            // A second Tab lists what is in the collection.
            try session.sendKeys("Tab")
            let screen = try session.waitFor("users/")
            #expect(screen.contains("auth/"), "\(screen)")
        }

        @Test(.enabled(if: succeeds("command -v fish") && TmuxSession.isAvailable, "fish or tmux is not installed: fish's completion is not run"))
        func fishCompletesSendDe() async throws {
            let setup = try await Setup(shell: "fish")
            // Tab in an interactive fish, as a user presses it: fish 3.6's `complete -C` in `fish -c` leaves the
            // script's `commandline` calls without a command line.
            let session = try TmuxSession(arguments: ["fish", "--no-config"], width: 120, height: 20,
                                          environment: ["PATH": setup.path, "HOME": setup.directory.path])
            try session.sendText("cd \(ShellCompletionCLITests.quoted(CLIRunner.packageRoot.path)); source \(ShellCompletionCLITests.quoted(setup.script))")
            try session.sendKeys("Enter")
            try session.sendText("apiexplorer send De")
            try session.sendKeys("Tab")
            let screen = try session.waitFor("Demo/users/")
            #expect(screen.contains("apiexplorer send Demo/"), "\(screen)")
            #expect(screen.contains("Demo/auth/"), "\(screen)")
        }
    }
}
