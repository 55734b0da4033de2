import ExplorerCore
import Foundation
import Testing
import TestSupport

/// `{{$prompt Label}}` on the command line: asked on the terminal once per run and sent, or, with no terminal
/// (a new session under `setsid`), a clear error naming the `--set` that answers it, with nothing sent.
@Suite("Prompts on the command line")
struct PromptCLITests {
    static func collection(_ temp: TempDirectory, server: LoopbackServer) throws {
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: password
                    value: "{{$prompt Password}}"
                    secret: true
            """)
        // The echo's check proves the answer arrived: run fails a request whose check fails.
        for name in ["login", "again"] {
            try temp.write("S/\(name).yaml", "url: /echo/\(name)?pw={{password}}\nchecks:\n  - json: $.query[0].value\n    equals: typed-SECRET-pw\n")
        }
    }

    @Test func withoutATerminalTheSendFailsAndSaysWhatToPass() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try Self.collection(temp, server: server)
        let binary = try BuiltProducts.executable(named: "apiexplorer").path
        let setsid = URL(fileURLWithPath: "/usr/bin/setsid")
        // -w: setsid waits for the program and passes its exit status on.
        try #require(FileManager.default.isExecutableFile(atPath: setsid.path))
        for command in [["send", "S/login"], ["run", "S"]] {
            let out = try await CLIRunner.run(["-w", binary] + command + ["--collections", temp.path, "--no-history"], executable: setsid)
            // send: 1, an unresolved variable; run: 2, requests not sent.
            #expect(out.status == (command[0] == "send" ? 1 : 2), "\(out.stdout)\(out.stderr)")
            #expect((out.stdout + out.stderr).contains("{{$prompt Password}} needs a terminal"), "\(out.stdout)\(out.stderr)")
            #expect((out.stdout + out.stderr).contains("Pass --set password=VALUE."), "\(out.stdout)\(out.stderr)")
        }
        #expect(await server.hits("/echo/login") == 0)
        let answered = try await CLIRunner.run(["-w", binary, "send", "S/login", "--set", "password=typed-SECRET-pw", "--collections", temp.path, "--no-history"],
                                               executable: setsid)
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(await server.hits("/echo/login") == 1)
        await server.stop()
    }

    @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
    func onATerminalItIsAskedOncePerRun() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try Self.collection(temp, server: server)
        let binary = try BuiltProducts.executable(named: "apiexplorer").path
        // The answer is typed once the question is on screen, as a user would (typed ahead, `script` lost it to
        // the terminal's set-up). Off the cooperative pool: tmux polling blocks its thread, and the loopback server
        // needs one to answer. Asked twice, the second question would go unanswered and the run would time out.
        let (exit, screen) = try await OffPool.run {
            let tmux = try TmuxSession(arguments: [binary, "run", "S", "--collections", temp.path, "--no-history"], width: 120, height: 20)
            try tmux.waitFor("Password (hidden):")
            try tmux.sendText("typed-SECRET-pw")
            try tmux.sendKeys("Enter")
            return (try tmux.waitForExit(timeout: 30), try tmux.capture())
        }
        #expect(exit == 0, "\(screen)")
        #expect(!screen.contains("typed-SECRET-pw"), "\(screen)")
        #expect(await server.hits("/echo/login") == 1)
        #expect(await server.hits("/echo/again") == 1)
        await server.stop()
    }
}
