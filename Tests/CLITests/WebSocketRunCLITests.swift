import ExplorerCore
import ExplorerHistory
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `run` holds a WebSocket request's conversation as `send` does, against a loopback WebSocket server: the saved
/// messages go out, `expectMessages:` and `wait:` in the file end it, its checks read the messages received and are
/// reported (summary and JUnit) like an HTTP request's, history keeps it, and Ctrl-C keeps what arrived.
@Suite("run on a WebSocket request")
struct WebSocketRunCLITests {
    /// Collection W: `chat` says hello and sends JSON, ending after the 2 echoes it expects; `quiet` sends one message
    /// and waits for 2 echoes that cannot come, ending after 0.3 s of silence.
    func collection(_ server: WebSocketLoopbackServer) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("W/collection.yaml", "name: W\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:\(server.port)\n    variables:\n      - name: who\n        value: ada\n")
        try temp.write("W/chat.yaml", """
            method: WS
            url: /chat
            protocols: [chat.v2]
            messages:
              - name: hello
                text: hello {{who}}
              - name: order
                json: '{"id": 7}'
            expectMessages: 2
            checks:
              - status: 101
              - messages: {count: 2}
              - json: "$messages[0].data"
                equals: hello ada
              - json: "$messages[1].data.id"
                equals: 7
              - firstMessageBelow: 5000
            """)
        try temp.write("W/quiet.yaml", "method: WS\nurl: /\nmessages:\n  - text: one\nwait: 0.3\nchecks:\n  - messages: {min: 2}\n")
        return temp
    }

    /// Runs the binary and waits at most `timeout` seconds: a conversation nothing ends would otherwise hold the test.
    func run(_ arguments: [String], timeout: TimeInterval = 180) async throws -> (status: Int32, stdout: String, stderr: String) {
        let process = try StreamingProcess(try BuiltProducts.executable(named: "apiexplorer"), arguments: arguments,
                                           directory: CLIRunner.packageRoot, environment: ["APIEXPLORER_HISTORY": "off"])
        let status = await process.waitForExit(timeout: timeout)
        return (status, process.stdout, process.stderr)
    }

    @Test func runHoldsEachConversationAndReportsItsChecksLikeHTTPs() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try collection(server)
        let xml = temp.path + "/junit.xml"
        let history = temp.path + "/h.sqlite"
        let output = try await run(["run", "W", "--verbose", "--report", "junit", xml, "--history", history, "--collections", temp.path])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("PASS  W/chat") && output.stdout.contains("101") && output.stdout.contains("5/5 checks"), "\(output.stdout)")
        #expect(output.stdout.contains("FAIL  W/quiet"), "\(output.stdout)")
        #expect(output.stdout.contains("✗ messages ≥ 2: expected at least 2 messages, got 1 (actual: 1)"), "\(output.stdout)")
        #expect(!output.stdout.contains("run does not hold conversations"), "\(output.stdout)")
        // Both conversations happened, and the client closed each: after 2 messages, and after 0.3 s quiet.
        #expect(server.handshakes.all.count == 2)
        #expect(server.handshakes.all.first?.contains { $0.name == "sec-websocket-protocol" && $0.value == "chat.v2" } == true)
        #expect(server.closes.all == [1000, 1000], "\(server.closes.all)")
        // One JUnit case per check, the failed one with a <failure>, as for HTTP requests.
        let parsed = try JUnitSummary(contentsOf: xml)
        #expect(parsed.testcases == ["W.chat › status 101", "W.chat › messages count 2", #"W.chat › $messages[0].data equals "hello ada""#,
                                     "W.chat › $messages[1].data.id equals 7", "W.chat › first message < 5000 ms", "W.quiet › messages ≥ 2"],
                "\(parsed.testcases)")
        #expect(parsed.failures == ["W.quiet › messages ≥ 2"] && parsed.errors.isEmpty)
        #expect(parsed.failureMessages["W.quiet › messages ≥ 2"] == "expected at least 2 messages, got 1")
        // History keeps each conversation as `send` keeps one: the 101 and every message both ways.
        let store = try HistoryStore(path: history)
        let entries = try store.entries()
        #expect(entries.count == 2 && entries.allSatisfy { $0.method == "WS" && $0.status == 101 }, "\(entries)")
        let chat = try #require(try store.latest(reference: "W/chat"))
        #expect(chat.source == "run")
        // expectMessages: 2 ended it: the echo server never closes, so otherwise its 60 s timeout of silence would.
        #expect((chat.response?.duration ?? 60) < 30, "\(String(describing: chat.response?.duration))")
        let events = chat.response?.events ?? []
        #expect(events.map(\.kind) == [.sent, .sent, .message, .message] || events.map(\.kind) == [.sent, .message, .sent, .message],
                "\(events)")
        #expect(events.filter { $0.kind == .message }.map(\.data) == ["hello ada", #"{"id": 7}"#], "\(events)")
    }

    /// A conversation that cannot open is an error of its own (exit 2, a JUnit <error>), and --bail stops there.
    @Test func aRefusedHandshakeIsAnErrorAndBailStopsTheRun() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("R/collection.yaml", "name: R\norder: [refused, chat]\n")
        try temp.write("R/refused.yaml", "url: ws://127.0.0.1:\(server.port)/refuse\n")
        try temp.write("R/chat.yaml", "url: ws://127.0.0.1:\(server.port)/\nmessages:\n  - text: hi\nexpectMessages: 1\n")
        let xml = temp.path + "/junit.xml"
        let output = try await run(["run", "R", "--verbose", "--report", "junit", xml, "--collections", temp.path])
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("ERROR R/refused") && output.stdout.contains("could not be sent: ")
                && output.stdout.contains("refused the WebSocket handshake: 401 Unauthorized"), "\(output.stdout)")
        #expect(output.stdout.contains("PASS  R/chat"), "\(output.stdout)")
        let parsed = try JUnitSummary(contentsOf: xml)
        #expect(parsed.testcases == ["R.refused", "R.chat"] && parsed.errors == ["R.refused"], "\(parsed.testcases)")
        #expect(server.handshakes.all.count == 2)
        let bailed = try await run(["run", "R", "--bail", "--verbose", "--collections", temp.path])
        #expect(bailed.status == 2 && !bailed.stdout.contains("R/chat"), "\(bailed.stdout)")
        #expect(server.handshakes.all.count == 3, "only the refused one was tried")
    }

    /// Ctrl-C drops a conversation nothing would end (no `wait:`, a server that never closes), reports the run so far
    /// with how many messages came, and history keeps what arrived, as `send` does.
    @Test func ctrlCKeepsWhatArrivedAndReportsTheRunSoFar() async throws {
        let server = try WebSocketGreetingServer(greeting: "welcome-greeting")
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("G/collection.yaml", "name: G\n")
        // A long timeout, so that only Ctrl-C can end the conversation however slowly the test gets to it.
        try temp.write("G/open.yaml", "method: WS\nurl: ws://127.0.0.1:\(server.port)/\ntimeout: 3600\nmessages:\n  - text: hello\n")
        let history = temp.path + "/h.sqlite"
        let xml = temp.path + "/junit.xml"
        let process = try StreamingProcess(try BuiltProducts.executable(named: "apiexplorer"),
                                           arguments: ["run", "G/open", "--verbose", "--history", history, "--report", "junit", xml,
                                                       "--collections", temp.path],
                                           directory: CLIRunner.packageRoot, environment: ["APIEXPLORER_HISTORY": "off"])
        // The server has the client's message: the client is connected, and the greeting (sent with the 101) is in.
        let deadline = Date().addingTimeInterval(30)
        while server.messageReads.value == 0, process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(server.messageReads.value > 0 && process.isRunning, "\(process.stdout) \(process.stderr)")
        process.send(signal: SIGINT)
        #expect(await process.waitForExit(timeout: 30) == 130, "\(process.stdout) \(process.stderr)")
        #expect(process.stdout.contains("ERROR G/open") && process.stdout.contains("interrupted (Ctrl-C): 1 message in "), "\(process.stdout)")
        #expect(process.stderr.contains("interrupted: 1 of 1 request reported"), "\(process.stderr)")
        #expect(try JUnitSummary(contentsOf: xml).errors == ["G.open"])
        let kept = try #require(try HistoryStore(path: history).latest(reference: "G/open"))
        #expect(kept.source == "run" && kept.response?.status == 101, "\(kept)")
        let events = kept.response?.events ?? []
        #expect(events.contains { $0.kind == .sent && $0.data == "hello" } && events.contains { $0.kind == .message && $0.data == "welcome-greeting" },
                "\(events)")
    }
}
