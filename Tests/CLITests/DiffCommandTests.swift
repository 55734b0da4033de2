import Foundation
import Testing
import TestSupport

// Nested in CLITests so that every test running the binary shares its .serialized trait: one child process at a
// time keeps the in-process HTTP tests, which run in parallel, within their time limits on a small machine.
extension CLITests {
    @Suite("apiexplorer diff", .serialized)
    struct DiffCommandTests {
        /// A collection `D` with environments `a` and `b` on the given base URLs, a secret per environment and a `user`
        /// variable that picks the demo user.
        func collection(a: String, b: String, userA: String = "1", userB: String = "2") throws -> TempDirectory {
            let temp = try TempDirectory()
            try temp.write("D/collection.yaml", """
            name: D
            environments:
              - name: a
                baseURL: \(a)
                variables:
                  - name: user
                    value: "\(userA)"
                  - name: token
                    value: token-of-a-123
                    secret: true
                  - name: code
                    value: "200"
              - name: b
                baseURL: \(b)
                variables:
                  - name: user
                    value: "\(userB)"
                  - name: token
                    value: token-of-b-456
                    secret: true
                  - name: code
                    value: "503"
            """)
            try temp.write("D/user.yaml", "url: /users/{{user}}\n")
            try temp.write("D/status.yaml", "url: /status/{{code}}\n")
            try temp.write("D/echo.yaml", "method: POST\nurl: /echo\nbody:\n  type: text\n  content: \"token {{token}}\\nsame line\"\n")
            return temp
        }

        @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
        func aPromptIsAskedOnceOnTheTerminalForBothEnvironments() async throws {
            let server = try await LoopbackServer.start()
            let temp = try collection(a: server.baseURL.absoluteString, b: server.baseURL.absoluteString)
            try temp.write("D/asked.yaml", "url: /echo/asked?who={{$prompt Who}}\n")
            let binary = try BuiltProducts.executable(named: "apiexplorer").path
            // Off the cooperative pool: tmux polling blocks its thread, and the loopback server needs one to answer.
            // Asked twice, the second question would go unanswered and the diff would time out.
            let (exit, screen) = try await OffPool.run {
                let tmux = try TmuxSession(arguments: [binary, "diff", "D/asked", "--env", "a", "--env", "b", "--collections", temp.path, "--no-history"],
                                           width: 120, height: 40)
                try tmux.waitFor("Who:")
                try tmux.sendText("ada")
                try tmux.sendKeys("Enter")
                return (try tmux.waitForExit(timeout: 30), try tmux.capture())
            }
            #expect(exit == 0, "the same answer in both: \(screen)")
            #expect(await server.hits("/echo/asked") == 2)
            await server.stop()
        }

        @Test func jsonDifferencesByPathAndExitOne() async throws {
            let server = try await LoopbackServer.start()
            let temp = try collection(a: server.baseURL.absoluteString, b: server.baseURL.absoluteString)
            let output = try await CLIRunner.run(["diff", "D/user", "--env", "a", "--env", "b", "--collections", temp.path])
            await server.stop()
            #expect(output.status == 1, "\(output.stderr)")
            let lines = output.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("--- a  GET \(server.baseURL.absoluteString)/users/1  200 OK  ") == true, "\(output.stdout)")
            #expect(lines.dropFirst().first?.hasPrefix("+++ b  GET \(server.baseURL.absoluteString)/users/2  200 OK  ") == true)
            #expect(lines.contains("Status: same (200 OK)"))
            #expect(lines.contains { $0.hasPrefix("Body (JSON): ") && $0.hasSuffix(" differences") })
            #expect(lines.contains("  ~ $.id: 1 → 2"), "\(output.stdout)")
            #expect(lines.contains { $0.hasPrefix("  ~ $.name: \"") })
            #expect(!output.stdout.contains("\u{1B}"))
        }

        @Test func twoServersWithTheSameDataAreTheSameAndExitZero() async throws {
            let first = try await LoopbackServer.start()
            let second = try await LoopbackServer.start()
            let temp = try collection(a: first.baseURL.absoluteString, b: second.baseURL.absoluteString, userA: "3", userB: "3")
            let output = try await CLIRunner.run(["diff", "D/user", "--env", "a", "--env", "b", "--collections", temp.path])
            await first.stop()
            await second.stop()
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            #expect(output.stdout.contains("Status: same (200 OK)\nHeaders: same (not compared: Date)\nBody: same\n"), "\(output.stdout)")
        }

        @Test func statusHeadersAndTextLinesWithSecretsMasked() async throws {
            let first = try await LoopbackServer.start()
            let second = try await LoopbackServer.start()
            let temp = try collection(a: first.baseURL.absoluteString, b: second.baseURL.absoluteString)
            let status = try await CLIRunner.run(["diff", "D/status", "--env", "a", "--env", "b", "--collections", temp.path])
            #expect(status.status == 1)
            #expect(status.stdout.contains("Status: differs\n  ~ 200 OK → 503 Service Unavailable\n"), "\(status.stdout)")
            let echo = try await CLIRunner.run(["diff", "D/echo", "--env", "a", "--env", "b", "--collections", temp.path])
            #expect(echo.status == 1)
            // The echo differs in the Host header (two ports) and in the body line carrying each environment's secret.
            #expect(echo.stdout.contains("  ~ $.body: \"token ••••••\\nsame line\" → \"token ••••••\\nsame line\""), "\(echo.stdout)")
            #expect(!echo.stdout.contains("token-of-"))
            let shown = try await CLIRunner.run(["diff", "D/echo", "--env", "a", "--env", "b", "--show-secrets", "--collections", temp.path])
            #expect(shown.stdout.contains("  ~ $.body: \"token token-of-a-123\\nsame line\" → \"token token-of-b-456\\nsame line\""), "\(shown.stdout)")
            let ignoring = try await CLIRunner.run(["diff", "D/status", "--env", "a", "--env", "a", "--ignore-header", "X-Whatever", "--collections", temp.path])
            #expect(ignoring.status == 0)
            #expect(ignoring.stdout.contains("Headers: same (not compared: Date, X-Whatever)"))
            await first.stop()
            await second.stop()
        }

        @Test func troubleExitsTwo() async throws {
            let server = try await LoopbackServer.start()
            let temp = try collection(a: server.baseURL.absoluteString, b: ClosedPort.url().absoluteString)
            let refused = try await CLIRunner.run(["diff", "D/user", "--env", "a", "--env", "b", "--collections", temp.path])
            await server.stop()
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("error: b: "), "\(refused.stderr)")
            let unknown = try await CLIRunner.run(["diff", "D/user", "--env", "a", "--env", "nope", "--collections", temp.path])
            #expect(unknown.status == 2 && unknown.stderr.contains("no environment 'nope'"))
            let one = try await CLIRunner.run(["diff", "D/user", "--env", "a", "--collections", temp.path])
            #expect(one.status == 64 && one.stderr.contains("exactly two environments"))
            let help = try await CLIRunner.run(["diff", "--help"])
            #expect(help.stdout.contains("The Date header is never compared") && help.stdout.contains("1 they differ"))
        }
    }
}
