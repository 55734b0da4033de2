import Foundation
import Testing
import TestSupport

@Suite("apiexplorer run: collections as test suites", .serialized)
struct RunCommandTests {
    /// A temp collection `R` against `baseURL` with the given request files.
    func collection(baseURL: String, _ files: [String: String]) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("R/collection.yaml", """
        name: R
        environments:
          - name: local
            baseURL: \(baseURL)
        """)
        for (name, text) in files { try temp.write("R/\(name)", text) }
        return temp
    }

    @Test func theDemoWorkflowPassesOfflineAndMasksTheCapturedToken() async throws {
        let temp = try TempDirectory()
        let json = temp.path + "/run.json"
        let output = try await CLIRunner.run(["run", "--collections", CLIRunner.bundledCollections, "Demo/workflow", "--report", "json", json, "--verbose"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("PASS  Demo/workflow/whoami"))
        #expect(output.stdout.contains("4 requests: 4 sent, 0 not sent · checks: 21 passed, 0 failed"))
        #expect(!output.stderr.contains("\r["), "no progress bar when stderr is not a terminal")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let requests = try #require(report["requests"] as? [[String: Any]])
        let captures = requests.flatMap { ($0["captures"] as? [[String: Any]]) ?? [] }
        #expect(captures.first { $0["name"] as? String == "authToken" }?["value"] as? String == "••••••")
        #expect(captures.first { $0["name"] as? String == "session" }?["value"] as? String == "demo-session")
        #expect(!String(decoding: try Data(contentsOf: URL(fileURLWithPath: json)), as: UTF8.self).contains("demo-token"))
    }

    @Test func aProgressBarIsDrawnOnlyOnATerminal() async throws {
        guard let output = try await CLIRunner.runOnTerminal(["run", "--collections", CLIRunner.bundledCollections, "Demo/workflow"]) else { return }
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("] 4/4  Demo/workflow/"))
        #expect(output.stdout.contains("[##############################]"))
        #expect(output.stdout.contains("PASS  Demo/workflow/get-created-user"))
    }

    @Test func aPipeGetsTheFailuresAndTheTotalsAndVerboseEveryRequest() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString, [
            "a-ok.yaml": "url: /status/200\nchecks:\n  - status: 200\n",
            "b-bad.yaml": "url: /status/404\nchecks:\n  - status: 200\n",
        ])
        let short = try await CLIRunner.run(["run", "--collections", temp.path, "R", "--repeat", "2"])
        #expect(short.status == 1, "\(short.stdout)\(short.stderr)")
        let lines = short.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("FAIL  R/b-bad") }.count == 2 && !short.stdout.contains("R/a-ok"), "\(short.stdout)")
        #expect(lines.contains { $0.hasPrefix("PASS  2 requests, median ") && $0.hasSuffix("(--verbose lists each)") }, "\(short.stdout)")
        #expect(lines.last?.hasPrefix("4 requests: 4 sent, 0 not sent · checks: 2 passed, 2 failed · ") == true, "\(short.stdout)")
        let verbose = try await CLIRunner.run(["run", "--collections", temp.path, "R", "--repeat", "2", "--verbose"])
        #expect(verbose.stdout.contains("PASS  R/a-ok ") && verbose.stdout.contains("PASS  R/a-ok #2"), "\(verbose.stdout)")
        #expect(!verbose.stdout.contains("--verbose lists each"))
        #expect(await server.hits("/status/200") == 4)
        await server.stop()
    }

    @Test func aTerminalListsAFewRequestsButSummarisesMany() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString, ["a-ok.yaml": "url: /status/200\nchecks:\n  - status: 200\n"])
        guard let few = try await CLIRunner.runOnTerminal(["run", "--collections", temp.path, "R", "--repeat", "3"]) else { return }
        #expect(few.status == 0 && few.stdout.contains("PASS  R/a-ok #3"), "\(few.stdout)")
        let count = 51
        let many = try #require(try await CLIRunner.runOnTerminal(["run", "--collections", temp.path, "R", "--repeat", String(count)]))
        #expect(many.status == 0 && !many.stdout.contains("PASS  R/a-ok") && many.stdout.contains("PASS  \(count) requests, median "), "\(many.stdout)")
        let verbose = try #require(try await CLIRunner.runOnTerminal(["run", "--collections", temp.path, "R", "--repeat", String(count), "--verbose"]))
        #expect(verbose.stdout.contains("PASS  R/a-ok #\(count)"), "\(verbose.stdout)")
        await server.stop()
    }

    @Test func everyExchangeOfARunIsKeptInHistoryUnlessTurnedOff() async throws {
        let temp = try TempDirectory()
        let file = temp.path + "/h.sqlite"
        let output = try await CLIRunner.run(["run", "--collections", CLIRunner.bundledCollections, "Demo/workflow", "--history", file])
        #expect(output.status == 0, "\(output.stderr)")
        let listed = try await CLIRunner.run(["history", "list", "--json", "--history", file])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(Set(objects.compactMap { $0["reference"] as? String }) == ["Demo/workflow/login", "Demo/workflow/whoami",
                                                                          "Demo/workflow/create-user", "Demo/workflow/get-created-user"])
        let off = temp.path + "/off.sqlite"
        #expect(try await CLIRunner.run(["run", "--collections", CLIRunner.bundledCollections, "Demo/workflow", "--no-history", "--history", off]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: off))
    }

    @Test func sendingOneRequestSendsWhatItNeedsFirst() async throws {
        let output = try await CLIRunner.run(["run", "--collections", CLIRunner.bundledCollections, "Demo/workflow/whoami", "--verbose"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first?.contains("Demo/workflow/login") == true && lines.dropFirst().first?.contains("Demo/workflow/whoami") == true)
    }

    @Test func aFailingCheckExitsOneWithTheActualValueAndAJUnitReportThatParses() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString, [
            "a-ok.yaml": "url: /status/200\nchecks:\n  - status: 200\n",
            "b-wrong.yaml": "url: /users/1\nchecks:\n  - status: 2xx\n  - json: $.name\n    equals: Nobody\n  - json: $.nope\n    exists: true\n",
            "c-text.yaml": "url: /text\nchecks:\n  - json: $.a\n    equals: 1\n",
        ])
        let xml = temp.path + "/junit.xml"
        let output = try await CLIRunner.run(["run", "--collections", temp.path, "R", "--report", "junit", xml, "--report", "text", temp.path + "/r.txt"])
        await server.stop()
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("FAIL  R/b-wrong"))
        #expect(output.stdout.contains(#"✗ $.name equals "Nobody": expected "Nobody", got "Leanne Graham""#) || output.stdout.contains("$.name equals \"Nobody\""))
        #expect(output.stdout.contains("$.nope selected nothing"))
        #expect(output.stdout.contains("the body is not JSON"))
        #expect(output.stdout.contains("3 requests: 3 sent, 0 not sent · checks: 2 passed, 3 failed"))
        // Into a pipe the request that passed is one line; the text report keeps its row.
        #expect(!output.stdout.contains("R/a-ok") && output.stdout.contains("PASS  1 request, median "), "\(output.stdout)")
        let text = try String(contentsOfFile: temp.path + "/r.txt", encoding: .utf8)
        #expect(text.contains("PASS  R/a-ok") && text.contains("FAIL  R/b-wrong") && text.contains("the body is not JSON"), "\(text)")
        // One test case per check, so a dashboard names the check that failed.
        let parsed = try JUnitSummary(contentsOf: xml)
        #expect(parsed.testcases == ["R.a-ok › status 200", "R.b-wrong › status 2xx", #"R.b-wrong › $.name equals "Nobody""#,
                                     "R.b-wrong › $.nope exists", "R.c-text › $.a equals 1"])
        #expect(parsed.failures == [#"R.b-wrong › $.name equals "Nobody""#, "R.b-wrong › $.nope exists", "R.c-text › $.a equals 1"])
        #expect(parsed.errors.isEmpty)
        #expect(parsed.failureMessages["R.b-wrong › $.nope exists"] == "$.nope selected nothing", "\(parsed.failureMessages)")
        #expect(parsed.suiteAttributes["tests"] == "5" && parsed.suiteAttributes["failures"] == "3")
    }

    @Test func aTransportErrorExitsTwoAndTheRunGoesOnUnlessBail() async throws {
        let server = try await LoopbackServer.start()
        let closed = ClosedPort.url().absoluteString
        let temp = try collection(baseURL: server.baseURL.absoluteString, [
            "a-refused.yaml": "url: \(closed)/x\n",
            "b-ok.yaml": "url: /status/200\nchecks:\n  - status: 200\n",
            "c-unchecked.yaml": "url: /status/204\n",
        ])
        let xml = temp.path + "/junit.xml"
        let output = try await CLIRunner.run(["run", "--collections", temp.path, "R", "--report", "junit", xml])
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("ERROR R/a-refused") && output.stdout.contains("could not be sent"))
        #expect(output.stdout.contains("PASS  2 requests, median "), "\(output.stdout)")
        // The transport error is a case of its own; a request without checks still has one case, for its status.
        let parsed = try JUnitSummary(contentsOf: xml)
        #expect(parsed.testcases == ["R.a-refused", "R.b-ok › status 200", "R.c-unchecked"])
        #expect(parsed.errors == ["R.a-refused"] && parsed.failures.isEmpty)
        #expect(parsed.suiteAttributes["tests"] == "3" && parsed.suiteAttributes["errors"] == "1")
        let bailed = try await CLIRunner.run(["run", "--collections", temp.path, "R", "--bail"])
        #expect(bailed.status == 2 && !bailed.stdout.contains("R/b-ok"))
        #expect(await server.hits("/status/200") == 1)
        await server.stop()
    }

    @Test func parallelRunsIndependentRequestsAtOnceButADependentAfterItsNeed() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString, [
            "a-slow.yaml": "url: /delay/0.5\ncaptures:\n  - name: waited\n    json: $.delayed\n",
            "b-dependent.yaml": "url: /echo/{{waited}}\nneeds:\n  - a-slow\nchecks:\n  - json: $.path\n    equals: /echo/0.5\n",
            "c-quick.yaml": "url: /status/200\n",
            "d-quick.yaml": "url: /status/204\n",
        ])
        let json = temp.path + "/run.json"
        let output = try await CLIRunner.run(["run", "--collections", temp.path, "R", "--parallel", "4", "--report", "json", json])
        await server.stop()
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let order = ((report["requests"] as? [[String: Any]]) ?? []).compactMap { $0["reference"] as? String }
        // The quick ones finished while the slow one waited: they were in flight together. The dependent came after its need.
        #expect(Set(order.prefix(2)) == ["R/c-quick", "R/d-quick"])
        #expect(order.suffix(2) == ["R/a-slow", "R/b-dependent"])
    }

    @Test func aCycleIsALocatedErrorAndNothingIsSent() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString, [
            "a.yaml": "url: /status/201\nneeds:\n  - b\n",
            "b.yaml": "url: /status/202\nneeds:\n  - a\n",
        ])
        let output = try await CLIRunner.run(["run", "--collections", temp.path, "R"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("R/b.yaml:3:5: error: dependency cycle: R/a → R/b → R/a; nothing was sent"))
        let hits = await server.hits("/status/201") + server.hits("/status/202")
        #expect(hits == 0)
        let unknown = try await CLIRunner.run(["run", "--collections", temp.path, "R/nowhere"])
        #expect(unknown.status == 2 && unknown.stderr.contains("'R/nowhere' is not a folder or request"))
        let usage = try await CLIRunner.run(["run", "--collections", temp.path, "R", "--report", "pdf", "x"])
        #expect(usage.status == 64 && usage.stderr.contains("--report takes junit, json or text"))
        await server.stop()
    }

    @Test func repeatSendsTheSelectionAgainAndSaveCapturesPersistsThem() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString, [
            "a.yaml": "method: POST\nurl: /users\nbody:\n  type: json\n  content: '{\"name\": \"x\"}'\ncaptures:\n  - name: made\n    json: $.id\n  - name: code\n    status: true\n    secret: true\n",
        ])
        let output = try await CLIRunner.run(["run", "--collections", temp.path, "R", "--repeat", "3", "--delay", "10", "--save-captures", "--verbose"])
        await server.stop()
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("R/a #3") && output.stdout.contains("3 requests: 3 sent"))
        let captures = try String(contentsOfFile: temp.path + "/R/captures.local.yaml", encoding: .utf8)
        #expect(captures.contains("local:\n  made:\n    value: \"8\"\n    from: \"R/a $.id\""), "the third POST made user 8: \(captures)")
        let secrets = try String(contentsOfFile: temp.path + "/R/secrets.local.yaml", encoding: .utf8)
        #expect(secrets.contains("code: \"201\"") || secrets.contains("code: 201"), "\(secrets)")
        // A later send resolves the saved capture.
        try temp.write("R/b.yaml", "url: /users/{{made}}\n")
        let export = try await CLIRunner.run(["export", "curl", "R/b", "--collections", temp.path])
        #expect(export.status == 0 && export.stdout.contains("/users/8"), "\(export.stdout)\(export.stderr)")
    }

    @Test func aCapturedNumberIsSentOnAsTheLiteralTheResponseWrote() async throws {
        // Above 2^63 and with a trailing zero: neither survives a trip through Int64 or Double.
        let literal = #"{"id": 12345678901234567890, "price": 1.10}"#
        let source = try FaultServer(routes: ["/item": .respond(status: 200, headers: ["Content-Type: application/json"], body: literal)])
        defer { source.stop() }
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString, [
            "a-item.yaml": "url: \(source.url("/item").absoluteString)\ncaptures:\n  - name: id\n    json: $.id\n  - name: price\n    json: $.price\n",
            "b-use.yaml": """
                method: POST
                url: /echo/{{id}}/{{price}}
                needs:
                  - a-item
                body:
                  type: json
                  content: '{"id": {{id}}, "price": {{price}}}'
                checks:
                  - json: $.body
                    equals: '\(literal)'
                """,
        ])
        let output = try await CLIRunner.run(["run", "--collections", temp.path, "R", "--save-captures"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(await server.hits("/echo/12345678901234567890/1.10") == 1)
        // Saved and read back by a later command, the literal is the same.
        let export = try await CLIRunner.run(["export", "curl", "R/b-use", "--collections", temp.path])
        #expect(export.stdout.contains("/echo/12345678901234567890/1.10"), "\(export.stdout)\(export.stderr)")
        await server.stop()
    }

    @Test func aBrokenFileInTheSelectionAnUnknownEnvironmentOrAFailedCaptureStopTheRightRequests() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString, [
            "ok.yaml": "url: /status/200\nchecks:\n  - status: 200\n",
            "suite/broken.yaml": "url: /status/201\ncaptures:\n  - name: x\n    json: '$.['\n",
            "suite/fine.yaml": "url: /status/202\n",
            "login.yaml": "url: /echo/login\ncaptures:\n  - name: token\n    json: $.nothing.here\n",
            "use.yaml": "url: /echo/use\nneeds:\n  - R/login\n",
        ])
        // The broken file's folder is not run at all: a test that silently did not run would pass CI.
        let broken = try await CLIRunner.run(["run", "--collections", temp.path, "R/suite"])
        #expect(broken.status == 2 && broken.stderr.contains("1 file of the selection did not load"), "\(broken.stderr)")
        #expect(await server.hits("/status/202") == 0)
        // Outside the broken folder, requests run.
        let fine = try await CLIRunner.run(["run", "--collections", temp.path, "R/ok"])
        #expect(fine.status == 0, "\(fine.stdout)\(fine.stderr)")
        // An unknown environment is trouble (2), not a failed check (1).
        let unknown = try await CLIRunner.run(["run", "--collections", temp.path, "R/ok", "--env", "nowhere"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no environment 'nowhere'"))
        // A need whose capture found nothing does not let its dependent go out with no value.
        let chain = try await CLIRunner.run(["run", "--collections", temp.path, "R/use"])
        #expect(chain.status == 2, "\(chain.stdout)\(chain.stderr)")
        #expect(chain.stdout.contains("it needs R/login, which could not be sent or captured nothing"), "\(chain.stdout)")
        #expect(await server.hits("/echo/use") == 0)
        // References may follow --report, as the issue writes it.
        let report = temp.path + "/out.xml"
        let ordered = try await CLIRunner.run(["run", "--collections", temp.path, "--report", "junit", report, "R/ok"])
        #expect(ordered.status == 0 && FileManager.default.fileExists(atPath: report), "\(ordered.stderr)")
        await server.stop()
    }
}
