import ExplorerCore
import Foundation
import Testing
import TestSupport

/// `{{$command …}}` on the command line: `run` only with `--allow-commands`; `send` asks on a terminal, remembers
/// the answer in the state directory, fails with advice without one, and asks again once a file changes.
@Suite("Commands on the command line", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct CommandCLITests {
    static func collection(_ temp: TempDirectory, server: LoopbackServer) throws {
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
            """)
        try temp.write("S/who.yaml", "url: /echo/who?user={{$command printf ada}}\nchecks:\n  - json: $.query[0].value\n    equals: ada\n")
    }

    @Test func runNeedsTheFlag() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try Self.collection(temp, server: server)
        let refused = try await CLIRunner.run(["run", "S", "--collections", temp.path, "--no-history"])
        #expect(refused.status != 0)
        #expect((refused.stdout + refused.stderr).contains("Pass --allow-commands"), "\(refused.stdout)\(refused.stderr)")
        #expect(await server.hits("/echo/who") == 0)
        let allowed = try await CLIRunner.run(["run", "S", "--allow-commands", "--collections", temp.path, "--no-history"])
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(await server.hits("/echo/who") == 1)
        await server.stop()
    }

    @Test func sendAsksOnATerminalAndRemembers() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try Self.collection(temp, server: server)
        let state = ["APIEXPLORER_STATE_DIR": temp.path + "/state"]
        let binary = try BuiltProducts.executable(named: "apiexplorer").path
        let setsid = URL(fileURLWithPath: "/usr/bin/setsid")
        // -w: setsid waits for the program and passes its exit status on.
        let send = [binary, "send", "S/who", "--collections", temp.path, "--no-history"]
        let noTerminal = try await CLIRunner.run(["-w"] + send, environment: state, executable: setsid)
        #expect(noTerminal.status == 1)
        #expect(noTerminal.stderr.contains("{{$command printf ada}} runs a shell command") && noTerminal.stderr.contains("Allow them on a terminal"),
                "\(noTerminal.stderr)")

        // The answer is typed once the question is on screen, as a user would (typed ahead, `script` lost it to
        // the terminal's set-up). Off the cooperative pool: tmux polling blocks its thread, and the loopback server
        // needs one to answer.
        for (answer, status) in [("n", Int32(1)), ("y", Int32(0))] {
            let (question, exit, screen) = try await OffPool.run {
                let tmux = try TmuxSession(arguments: send, width: 120, height: 20, environment: state)
                let question = try tmux.waitFor("Allow them? [y/N]")
                try tmux.sendText(answer)
                try tmux.sendKeys("Enter")
                return (question, try tmux.waitForExit(timeout: 30), try tmux.capture())
            }
            #expect(question.contains("Collection S runs these shell commands:\n  printf ada"), "\(question)")
            #expect(exit == status, "answer \(answer): \(screen)")
        }
        #expect(FileManager.default.fileExists(atPath: temp.path + "/state/allowed-commands.json"))
        // Remembered: no terminal needed now.
        let remembered = try await CLIRunner.run(["-w"] + send, environment: state, executable: setsid)
        #expect(remembered.status == 0, "\(remembered.stderr)")
        // A changed file asks again.
        try temp.write("S/who.yaml", "url: /echo/who?user={{$command printf bob}}\n")
        let changed = try await CLIRunner.run(["-w"] + send, environment: state, executable: setsid)
        #expect(changed.status == 1, "\(changed.stdout)")
        #expect(await server.hits("/echo/who") == 2)
        await server.stop()
    }
}
