import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("send prints a streamed response event by event as it arrives")
struct StreamCLITests {
    static let events = ["event: tick\nid: 1\ndata: {\"n\": 1}\n\n", ": keep-alive\n\n", "id: 2\ndata: two\n\n", "data: three\n\n"]
    static let server = Result { try FaultServer(routes: [
        "/sse": .chunkedStream(contentType: "text/event-stream", chunks: events, interval: 0.3),
        "/ndjson": .chunkedStream(contentType: "application/x-ndjson", chunks: ["{\"a\":1}\n{\"b\"", ":2}\n"], interval: 0.3),
        "/text": .chunkedStream(contentType: "text/plain", chunks: ["first ", "second"], interval: 0.3),
        "/held": .chunksThenSilence(contentType: "text/event-stream", chunks: ["event: hello\ndata: {\"first\": true}\n\n"]),
        "/endless": .endlessStream(contentType: "text/event-stream", chunk: "data: " + String(repeating: "x", count: 4000) + "\n\n",
                                   interval: 0),
    ]) }

    /// A collection `S` with one request per path; `held` has a 0.5 s `streamIdleTimeout` as `idle`.
    func collection() throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", "name: S\nenvironments:\n  - name: local\n    baseURL: \(try StreamCLITests.server.get().baseURL.absoluteString)\n")
        for name in ["sse", "ndjson", "text", "held", "endless"] { try temp.write("S/\(name).yaml", "url: /\(name)\ntimeout: 5\n") }
        try temp.write("S/idle.yaml", "url: /held\ntimeout: 5\nstreamIdleTimeout: 0.5\n")
        try temp.write("S/text-streamed.yaml", "url: /text\nstream: true\n")
        try temp.write("S/checked.yaml", """
            url: /sse
            captures:
              - name: lastId
                json: $events[-1].id
            checks:
              - events: {count: 3}
              - firstEventBelow: 30000
              - json: $events[0].data.n
                equals: 1
              - json: $events[*].data
                count: 3
              - json: $events[-1].data
                equals: three
            """)
        try temp.write("S/miscounted.yaml", "url: /sse\nchecks:\n  - events: {min: 5}\n")
        return temp
    }

    func start(_ arguments: [String], in temp: TempDirectory) throws -> StreamingProcess {
        try StreamingProcess(try BuiltProducts.executable(named: "apiexplorer"), arguments: arguments + ["--collections", temp.path],
                             directory: CLIRunner.packageRoot, environment: ["APIEXPLORER_HISTORY": "off"])
    }

    @Test func theFirstEventIsPrintedBeforeTheStreamEndsAndCtrlCStopsIt() async throws {
        let temp = try collection()
        let process = try start(["send", "S/held", "--print", "b"], in: temp)
        // The server never ends this stream: the event can only be on stdout because it was printed as it came.
        let printed = await process.waitForOutput(containing: "\"first\"", timeout: 60)
        #expect(printed, "\(process.stdout) \(process.stderr)")
        #expect(process.isRunning)
        #expect(process.stdout.hasPrefix("event: hello  +"), "\(process.stdout)")
        process.send(signal: SIGINT)
        let status = await process.waitForExit(timeout: 30)
        #expect(status == 130, "\(process.stderr)")
        #expect(process.stderr.contains("interrupted: 1 event in"), "\(process.stderr)")
    }

    @Test func whatArrivedBeforeCtrlCIsKeptInHistory() async throws {
        let temp = try collection()
        let history = temp.path + "/history.sqlite"
        let process = try start(["send", "S/held", "--print", "b", "--history", history], in: temp)
        #expect(await process.waitForOutput(containing: "\"first\"", timeout: 60), "\(process.stderr)")
        process.send(signal: SIGINT)
        #expect(await process.waitForExit(timeout: 30) == 130, "\(process.stderr)")
        let shown = try await CLIRunner.run(["history", "show", "1", "--history", history, "--print", "b"])
        #expect(shown.stdout.hasPrefix("event: hello  +") && shown.stdout.contains("\"first\""), "\(shown.stdout) \(shown.stderr)")
    }

    @Test func serverSentEventsArePrintedWithHeaderLinesAndPrettyJSON() async throws {
        let temp = try collection()
        let output = try await CLIRunner.run(["send", "S/sse", "--collections", temp.path, "--print", "b", "--pretty", "format"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("event: tick  id: 1  +") == true, "\(output.stdout)")
        #expect(lines.dropFirst().prefix(3) == ["{", "  \"n\": 1", "}"], "\(output.stdout)")
        #expect(output.stdout.contains("event: message  id: 2  +"))
        #expect(output.stdout.contains("\ntwo\n") && output.stdout.contains("\nthree\n"))
        #expect(output.stderr.hasPrefix("3 events in "), "\(output.stderr)")
    }

    @Test func prettyNoneKeepsTheDataAsSent() async throws {
        let temp = try collection()
        let output = try await CLIRunner.run(["send", "S/sse", "--collections", temp.path, "--print", "b", "--pretty", "none"])
        #expect(output.stdout.contains("\n{\"n\": 1}\n"), "\(output.stdout)")
    }

    @Test func jsonLinesArePrintedOneFormattedLineAtATime() async throws {
        let temp = try collection()
        let output = try await CLIRunner.run(["send", "S/ndjson", "--collections", temp.path, "--print", "b", "--pretty", "format"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == "{\n  \"a\": 1\n}\n{\n  \"b\": 2\n}\n", "\(output.stdout)")
        #expect(output.stderr.hasPrefix("2 events"), "\(output.stderr)")
    }

    @Test func anotherTypeStreamsWithTheFlagOrTheKey() async throws {
        let temp = try collection()
        let flagged = try await CLIRunner.run(["send", "S/text", "--stream", "--collections", temp.path, "--print", "mb"])
        #expect(flagged.stdout.contains("(streaming)") && flagged.stdout.contains("first second"), "\(flagged.stdout)")
        #expect(flagged.stderr.hasPrefix("2 events"), "\(flagged.stderr)")
        let keyed = try await CLIRunner.run(["send", "S/text-streamed", "--collections", temp.path, "--print", "m"])
        #expect(keyed.stdout.contains("(streaming)"), "\(keyed.stdout)")
        let plain = try await CLIRunner.run(["send", "S/text", "--collections", temp.path, "--print", "m"])
        #expect(!plain.stdout.contains("(streaming)") && plain.stderr.isEmpty, "\(plain.stdout) \(plain.stderr)")
    }

    @Test func outputWritesTheRawBytes() async throws {
        let temp = try collection()
        let file = temp.path + "/events.txt"
        let output = try await CLIRunner.run(["send", "S/sse", "--collections", temp.path, "--output", file, "--print", "m"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == StreamCLITests.events.joined())
    }

    @Test func runChecksTheEventsOfAStreamedResponse() async throws {
        let temp = try collection()
        let passed = try await CLIRunner.run(["run", "S/checked", "--collections", temp.path, "--verbose"])
        #expect(passed.status == 0, "\(passed.stdout) \(passed.stderr)")
        let failed = try await CLIRunner.run(["run", "S/miscounted", "--collections", temp.path, "--verbose"])
        #expect(failed.status == 1, "\(failed.stdout)")
        #expect(failed.stdout.contains("expected at least 5 events, got 3"), "\(failed.stdout)")
        let sent = try await CLIRunner.run(["send", "S/checked", "--collections", temp.path, "--print", "b"])
        #expect(sent.status == 0 && sent.stderr.contains("checks passed"), "\(sent.stderr)")
    }

    @Test func historyKeepsTheEventsAndReplaysThemWithTheirTiming() async throws {
        let temp = try collection()
        let history = temp.path + "/history.sqlite"
        let sent = try await CLIRunner.run(["send", "S/sse", "--collections", temp.path, "--history", history, "--print", "b"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let shown = try await CLIRunner.run(["history", "show", "1", "--history", history, "--print", "b"])
        #expect(shown.stdout.contains("event: tick  id: 1  +") && shown.stdout.contains("\nthree\n"), "\(shown.stdout) \(shown.stderr)")
        let started = Date()
        let replayed = try await CLIRunner.run(["history", "show", "1", "--history", history, "--print", "b", "--replay"])
        // The last event came about 0.9 s after the first, and the replay keeps that spacing.
        #expect(Date().timeIntervalSince(started) > 0.8)
        #expect(replayed.stdout == shown.stdout)
    }

    @Test func silenceLongerThanStreamIdleTimeoutIsATransportFailure() async throws {
        let temp = try collection()
        let output = try await CLIRunner.run(["send", "S/idle", "--collections", temp.path, "--print", "b"])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("streamIdleTimeout"), "\(output.stderr)")
        #expect(output.stderr.contains("1 event in"), "\(output.stderr)")
        #expect(output.stdout.contains("\"first\""))
    }

    /// Ctrl-C during `run` stops the endless stream in flight, keeps what arrived in history, reports the run so far
    /// (the summary and --report) and exits 130, as `send --stream` does.
    @Test func ctrlCInRunStopsTheStreamAndReportsTheRunSoFar() async throws {
        let temp = try collection()
        let server = try StreamCLITests.server.get()
        let before = server.requests(to: "/endless").count
        let history = temp.path + "/history.sqlite"
        let report = temp.path + "/report.json"
        let process = try StreamingProcess(try BuiltProducts.executable(named: "apiexplorer"),
                                           arguments: ["run", "S/endless", "S/sse", "--verbose", "--history", history, "--report", "json", report,
                                                       "--collections", temp.path],
                                           directory: CLIRunner.packageRoot, environment: ["APIEXPLORER_HISTORY": "off"])
        let deadline = Date().addingTimeInterval(30)
        while server.requests(to: "/endless").count == before, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        // Events pour in with no pause: a moment is enough for some to have arrived.
        try await Task.sleep(for: .milliseconds(500))
        #expect(process.isRunning, "\(process.stdout) \(process.stderr)")
        process.send(signal: SIGINT)
        #expect(await process.waitForExit(timeout: 30) == 130, "\(process.stdout) \(process.stderr)")
        #expect(process.stdout.contains("interrupted (Ctrl-C): "), "\(process.stdout)")
        #expect(process.stderr.contains("interrupted: ") && process.stderr.contains(" of 2 requests reported"), "\(process.stderr)")
        let written = try String(contentsOfFile: report, encoding: .utf8)
        #expect(written.contains("\"name\" : \"endless\"") && written.contains("interrupted (Ctrl-C): "), "\(written)")
        // The report says what the process exited with.
        #expect(written.contains("\"exitCode\" : 130") && written.contains("\"interrupted\" : true"), "\(written)")
        // The events that arrived are kept with the head, as `send` keeps an interrupted stream.
        let shown = try await CLIRunner.run(["history", "show", "1", "--history", history, "--print", "b"])
        #expect(shown.stdout.contains(String(repeating: "x", count: 4000)), "\(shown.stderr)")
    }
}
