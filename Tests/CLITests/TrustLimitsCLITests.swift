import Foundation
import Testing
import TestSupport

/// Issue 39 from outside, through the binary: `--set baseURL=…` sends where it says; a hostile event stream and an
/// oversized config file are refused with the limit named, and what came before the over-long event is shown.
@Suite("Limits and overrides a hostile server or file cannot get round (issue 39)")
struct TrustLimitsCLITests {
    /// A collection `T` whose environment points at `baseURL`, with a request `who` at the path `/who`.
    private func collection(baseURL: String) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: \(baseURL)\n")
        try temp.write("T/who.yaml", "name: Who\nurl: /who\n")
        return temp
    }

    @Test func setBaseURLOverridesTheEnvironmentsForSendAndRun() async throws {
        let environment = try FaultServer(routes: ["/who": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "the environment's")])
        defer { environment.stop() }
        let override = try FaultServer(routes: ["/who": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "the override's")])
        defer { override.stop() }
        let temp = try collection(baseURL: environment.baseURL.absoluteString)
        let base = "baseURL=" + override.baseURL.absoluteString
        let sent = try await CLIRunner.run(["send", "T/who", "--set", base, "--print", "b", "--collections", temp.path])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("the override's"), "\(sent.stdout)")
        let ran = try await CLIRunner.run(["run", "T", "--set", base, "--collections", temp.path])
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        #expect(override.requests(to: "/who").count == 2)
        #expect(environment.requests(to: "/who").isEmpty, "nothing went to the environment's base URL")
    }

    @Test func anEventOverTheLimitEndsSendWithTheLimitNamedAfterTheEventsBefore() async throws {
        let server = try PacedEventServer()
        defer { server.stop() }
        let temp = try collection(baseURL: server.baseURL.absoluteString)
        try temp.write("T/long.yaml", "name: Long\nurl: /long/\(17 << 20)\n")
        let output = try await CLIRunner.run(["send", "T/long", "--print", "b", "--collections", temp.path])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stdout.contains("first"), "the event before is shown: \(output.stdout.prefix(300))")
        #expect(!output.stdout.contains("after"))
        #expect(output.stderr.contains("maxEventSize") && output.stderr.contains("16.0 MB"), "\(output.stderr)")
    }

    @Test func aConfigFileOverOneMegabyteIsNotReadAndTheWarningNamesItAndTheLimit() async throws {
        let temp = try collection(baseURL: "http://127.0.0.1:9")
        try temp.write("config.yaml", "theme: light\n" + String(repeating: "# padding padding padding padding\n", count: 64_000))
        let config = temp.path + "/config.yaml"
        let output = try await CLIRunner.run(["envs", "--collections", temp.path, "--config", config])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains(config) && output.stderr.contains("1.0 MB"), "\(output.stderr)")
    }
}
