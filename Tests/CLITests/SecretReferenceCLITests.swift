import ExplorerCore
import Foundation
import Testing
import TestSupport

/// `send` and `run` reading secrets from fake `op` and `pass` scripts first on PATH: the value reaches the server,
/// is masked in what is printed, is read once per process, and a missing or failing program stops the send clearly.
@Suite("Secret references on the command line")
struct SecretReferenceCLITests {
    static func collection(_ temp: TempDirectory, server: LoopbackServer) throws {
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: token
                    secret: true
            """)
        try temp.write("S/secrets.local.yaml", "local:\n  token: op://Private/api/token\n")
        try temp.write("S/one.yaml", "url: /echo/one\nauth:\n  type: bearer\n  token: \"{{token}}\"\n")
        try temp.write("S/two.yaml", "url: /echo/two\nheaders:\n  - name: X-Token\n    value: \"{{token}}\"\n")
    }

    @Test func sendAndRunReadOncePerProcessAndMask() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try Self.collection(temp, server: server)
        let tools = try FakeSecretTools(in: temp.path)
        try tools.add("op", "printf 'op-SECRET-cli-2718\\n'")
        let path = ["PATH": tools.directory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]

        let sent = try await CLIRunner.run(["send", "--trust", "S/one", "--print", "Hb", "--collections", temp.path, "--no-history"], environment: path)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("••••••") && !sent.stdout.contains("SECRET") && !sent.stderr.contains("SECRET"), "\(sent.stdout)")
        #expect(tools.calls.count == 1)
        // Shown on request, the server's echo proves the value arrived.
        let shown = try await CLIRunner.run(["send", "--trust", "S/one", "--print", "b", "--show-secrets", "--collections", temp.path, "--no-history"],
                                            environment: path)
        #expect(shown.stdout.contains("op-SECRET-cli-2718"), "\(shown.stdout)")
        #expect(tools.calls.count == 2)
        // Two requests in one process: one read.
        let run = try await CLIRunner.run(["run", "--trust", "S", "--collections", temp.path, "--no-history"], environment: path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("SECRET") && !run.stderr.contains("SECRET"))
        #expect(tools.calls == Array(repeating: "op read op://Private/api/token", count: 3))
        await server.stop()
    }

    @Test func aMissingOrLockedProgramStopsTheSend() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try Self.collection(temp, server: server)
        let tools = try FakeSecretTools(in: temp.path)
        let onlyTools = ["PATH": tools.directory]
        let missing = try await CLIRunner.run(["send", "--trust", "S/one", "--collections", temp.path, "--no-history"], environment: onlyTools)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("{{token}}") && missing.stderr.contains("`op` is not installed or not on PATH"), "\(missing.stderr)")
        #expect(missing.stderr.contains("secrets.local.yaml"), "\(missing.stderr)")
        try tools.add("op", "echo '[ERROR] 2026/11/27 08:00:00 You are not currently signed in.' >&2; exit 1")
        let locked = try await CLIRunner.run(["send", "--trust", "S/one", "--collections", temp.path, "--no-history"], environment: onlyTools)
        #expect(locked.status == 1)
        #expect(locked.stderr.contains("`op` failed (exit 1): [ERROR] 2026/11/27 08:00:00 You are not currently signed in."), "\(locked.stderr)")
        #expect(locked.stdout.isEmpty)
        #expect(await server.hits("/echo/one") == 0)
        await server.stop()
    }
}
