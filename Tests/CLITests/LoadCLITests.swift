import ExplorerCore
import Foundation
import TestSupport
import Testing

/// `apiexplorer load` against loopback servers: latencies of a server with a fixed delay, a stall under the open model,
/// thresholds and exit codes, checks and errors by kind, a chain's captures, and the reports.
@Suite("apiexplorer load", .timeLimit(.minutes(1)))
struct LoadCLITests {
    /// A collection `L` on `server` with `files` (name → YAML).
    private func collection(_ baseURL: String, _ files: [String: String]) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("L/collection.yaml", "name: L\nenvironments:\n  - name: local\n    baseURL: \(baseURL)\n")
        for (name, text) in files { try temp.write("L/\(name).yaml", text) }
        return temp
    }

    private func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aFixedDelayShowsAsTheMedianAndTheReportHasItsShape() async throws {
        let server = try FaultServer(routes: ["/slow": .delayed(seconds: 0.05, body: "ok")])
        defer { server.stop() }
        let temp = try collection(server.baseURL.absoluteString, ["slow": "url: /slow\nchecks:\n  - status: 200\n"])
        let report = temp.path + "/load.json"
        let output = try await CLIRunner.run(["load", "L/slow", "--collections", temp.path, "--concurrency", "4", "--requests", "40",
                                              "--report", "json", report, "--threshold", "p50<200ms"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("load L/slow: 4 users (closed model)") && output.stdout.contains("40 requests in"), "\(output.stdout)")
        #expect(output.stdout.contains("checks: 40 passed, 0 failed") && output.stdout.contains("✓ p50<200ms"), "\(output.stdout)")
        #expect(server.requests(to: "/slow").count == 40)
        let document = try json(report)
        #expect(document["requests"] as? Int == 40 && (document["rate"] as? Double ?? 0) > 0)
        let latency = try #require(document["latency"] as? [String: [String: Double]])
        let p50 = try #require(latency["total"]?["p50"])
        #expect(p50 >= 50 && p50 < 80, "p50 \(p50) ms for a server that answers after 50 ms")
        #expect(Set(latency.keys) == ["total", "connect", "tls", "firstByte"])
        #expect(Set(latency["total"]?.keys.map { $0 } ?? []) == ["p50", "p90", "p99", "p999", "max", "mean", "count"])
        #expect((document["errors"] as? [String: Any])?["total"] as? Int == 0)
        #expect((document["checks"] as? [String: Int]) == ["passed": 40, "failed": 0])
        let thresholds = try #require(document["thresholds"] as? [[String: Any]])
        #expect(thresholds.count == 1 && thresholds[0]["expression"] as? String == "p50<200ms" && thresholds[0]["held"] as? Bool == true)
    }

    /// One connection at 100 a second; the server stalls one answer for a second. Every request meant to start during
    /// that second waits, and its latency counts from when it should have started: p99 shows the stall.
    @Test func aStallUnderTheOpenModelShowsInP99() async throws {
        let server = try FaultServer(routes: ["/x": .stallOnce(request: 40, seconds: 1, body: "ok")])
        defer { server.stop() }
        let temp = try collection(server.baseURL.absoluteString, ["x": "url: /x\n"])
        let report = temp.path + "/load.json"
        let output = try await CLIRunner.run(["load", "L/x", "--collections", temp.path, "--rate", "100", "--duration", "3s",
                                              "--connections", "1", "--threshold", "p99<200ms", "--report", "json", report])
        #expect(output.status == 1, "the p99 threshold fails: \(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("✗ p99<200ms"), "\(output.stdout)")
        let total = try #require((try json(report)["latency"] as? [String: [String: Double]])?["total"])
        #expect((total["p50"] ?? 0) < 100, "\(total)")
        #expect((total["p99"] ?? 0) > 500, "\(total)")
        #expect((total["max"] ?? 0) >= 1000, "\(total)")
    }

    @Test func checksUnderLoadAndA5xxTheyFailOnAreCounted() async throws {
        let server = try FaultServer(routes: ["/ok": .respond(status: 200, headers: ["Content-Type: application/json"], body: #"{"n": 1}"#),
                                              "/down": .respond(status: 503, headers: [], body: "down")])
        defer { server.stop() }
        let temp = try collection(server.baseURL.absoluteString, [
            "ok": "url: /ok\nchecks:\n  - status: 200\n  - json: $.n\n    equals: 2\n",
            "down": "url: /down\nchecks:\n  - status: 200\n",
        ])
        let ok = try await CLIRunner.run(["load", "L/ok", "--collections", temp.path, "--concurrency", "2", "--requests", "20",
                                          "--threshold", "checks>99%"])
        #expect(ok.status == 1 && ok.stdout.contains("checks: 20 passed, 20 failed (50.00%)") && ok.stdout.contains("✗ checks>99%"),
                "\(ok.stdout)\(ok.stderr)")
        let down = try await CLIRunner.run(["load", "L/down", "--collections", temp.path, "--concurrency", "2", "--requests", "10",
                                            "--threshold", "errors<1%"])
        #expect(down.status == 1 && down.stdout.contains("errors: 10 (status 10), 100.00%"), "\(down.stdout)\(down.stderr)")
    }

    @Test func nothingSentExitsTwoAndUsageErrorsNameTheOption() async throws {
        let temp = try collection("http://127.0.0.1:\(ClosedPort.find())", ["x": "url: /x\n"])
        let refused = try await CLIRunner.run(["load", "L/x", "--collections", temp.path, "--concurrency", "1", "--requests", "5"])
        #expect(refused.status == 2 && refused.stderr.contains("no request got an answer (refused)"), "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.contains("errors: 5 (refused 5)"), "\(refused.stdout)")
        for (arguments, message) in [([String](), "load needs --rate R (requests a second) or --concurrency C (users)"),
                                     (["--rate", "5"], "load needs --duration (30s) or --requests N"),
                                     (["--rate", "5", "--concurrency", "2", "--requests", "1"], "not both"),
                                     (["--rate", "5", "--duration", "soon"], "--duration takes a duration such as 30s"),
                                     (["--rate", "5", "--requests", "1", "--threshold", "p99<fast"], "threshold 'p99<fast'"),
                                     (["--rate", "5", "--requests", "1", "--report", "xml", "f"], "--report takes json or junit")] {
            let output = try await CLIRunner.run(["load", "L/x", "--collections", temp.path] + arguments)
            #expect(output.status == 64 && output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
        let unknown = try await CLIRunner.run(["load", "L/nope", "--collections", temp.path, "--rate", "5", "--requests", "1"])
        #expect(unknown.status == 2 && unknown.stderr.contains("'L/nope' is not a folder or request"), "\(unknown.stderr)")
    }

    /// A request that needs another is a chain: each iteration logs in and then sends with the token it captured.
    @Test func aChainCapturesPerIterationAndJUnitHasATestcasePerThreshold() async throws {
        let server = try FaultServer(routes: ["/login": .respond(status: 200, headers: ["Content-Type: application/json"], body: #"{"token": "t-9"}"#),
                                              "/me": .respond(status: 200, headers: [], body: "me")])
        defer { server.stop() }
        let temp = try collection(server.baseURL.absoluteString, [
            "login": "method: POST\nurl: /login\ncaptures:\n  - name: token\n    json: $.token\n",
            "me": "url: /me\nneeds: [login]\nheaders:\n  - name: Authorization\n    value: Bearer {{token}}\nchecks:\n  - status: 200\n",
        ])
        let junit = temp.path + "/load.xml"
        let output = try await CLIRunner.run(["load", "L/me", "--collections", temp.path, "--concurrency", "1", "--requests", "5",
                                              "--threshold", "errors<1%", "--threshold", "p99<1ms", "--report", "junit", junit])
        #expect(output.status == 1, "p99<1ms cannot hold over a new connection each time: \(output.stdout)\(output.stderr)")
        #expect(server.requests(to: "/login").count == 5 && server.requests(to: "/me").count == 5)
        #expect(server.requests(to: "/me").allSatisfy { $0.headers["authorization"] == "Bearer t-9" })
        #expect(output.stdout.contains("10 requests in"), "two requests an iteration: \(output.stdout)")
        let parsed = try JUnitSummary(contentsOf: junit)
        #expect(parsed.testcases == ["L/me.errors<1%", "L/me.p99<1ms"], "\(parsed.testcases)")
        #expect(parsed.failures.count == 1, "\(parsed.failures)")
    }

    /// Against a server that keeps connections open, a closed-model test of one request sends on as many connections
    /// as it has users, each reused for request after request.
    @Test func keptAliveConnectionsAreReused() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(server.baseURL.absoluteString, ["user": "url: /users/1\nchecks:\n  - status: 200\n"])
        let report = temp.path + "/load.json"
        let output = try await CLIRunner.run(["load", "L/user", "--collections", temp.path, "--concurrency", "4", "--requests", "400",
                                              "--report", "json", report])
        await server.stop()
        #expect(output.status == 0 && output.stdout.contains("checks: 400 passed, 0 failed"), "\(output.stdout)\(output.stderr)")
        let latency = try #require(try json(report)["latency"] as? [String: [String: Double]])
        let connections = latency["connect"]?["count"] ?? 0
        #expect(connections >= 1 && connections <= 8, "\(connections) connections for 400 requests")
    }

    /// A server that closes every connection after its answer: a user whose next connection comes when the test is
    /// already over must still finish, or the test never ends. Run often, since it is a race.
    @Test func aTestOfAServerThatClosesEachConnectionEnds() async throws {
        let server = try FaultServer(routes: ["/x": .respond(status: 200, headers: [], body: "x")])
        defer { server.stop() }
        let temp = try collection(server.baseURL.absoluteString, ["x": "url: /x\nchecks:\n  - status: 200\n"])
        for _ in 0..<12 {
            let output = try await CLIRunner.run(["load", "L/x", "--collections", temp.path, "--concurrency", "3", "--requests", "10"])
            #expect(output.status == 0 && output.stdout.contains("10 requests in"), "\(output.stdout)\(output.stderr)")
        }
    }

    /// A server that never answers: each request of the fast path times out after the request's timeout, and the test
    /// still ends at its duration.
    @Test func aServerThatNeverAnswersTimesOutAndTheTestEnds() async throws {
        let server = try FaultServer(routes: ["/hang": .neverAnswer])
        defer { server.stop() }
        let temp = try collection(server.baseURL.absoluteString, ["hang": "url: /hang\ntimeout: 0.3\nchecks:\n  - status: 200\n"])
        let started = Date()
        let output = try await CLIRunner.run(["load", "L/hang", "--collections", temp.path, "--concurrency", "2", "--duration", "1s"])
        #expect(Date().timeIntervalSince(started) < 10, "the test ended")
        #expect(output.status == 2 && output.stderr.contains("no request got an answer (timeout)"), "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("(timeout "), "\(output.stdout)")
    }
}
