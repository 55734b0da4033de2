import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `send` on a WebSocket request against a loopback WebSocket server: saved messages go out, every message that
/// comes back is printed as it arrives, and the conversation ends on the server's close, --messages or --wait.
@Suite("send on a WebSocket request")
struct WebSocketSendCLITests {
    func collection(_ server: WebSocketLoopbackServer) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("W/collection.yaml", "name: W\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:\(server.port)\n    variables:\n      - name: who\n        value: ada\n")
        try temp.write("W/chat.yaml", """
            name: Chat
            method: WS
            url: /chat
            headers:
              - name: X-Who
                value: "{{who}}"
            protocols: [chat.v2]
            messages:
              - name: hello
                text: hello {{who}}
              - name: order
                json: '{"id": 7, "items": [1, 2]}'
              - name: raw
                base64: AAEC/w==
            """)
        try temp.write("W/refused.yaml", "url: ws://127.0.0.1:\(server.port)/refuse\n")
        try temp.write("W/bye.yaml", "url: ws://127.0.0.1:\(server.port)/\nmessages:\n  - text: close\n")
        try temp.write("B/collection.yaml", "name: B\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:\(server.port)\n")
        try temp.write("B/broken.yaml", "method: WS\nurl: /\nmessages:\n  - name: bad\n    json: '{oops'\n")
        return temp
    }

    @Test func aGreetingSentWithThe101IsNotLost() async throws {
        let server = try WebSocketGreetingServer(greeting: "welcome-greeting")
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("G/collection.yaml", "name: G\n")
        try temp.write("G/hi.yaml", "method: WS\nurl: ws://127.0.0.1:\(server.port)/\n")
        for _ in 0..<5 {
            let result = try await CLIRunner.run(["send", "G/hi", "--messages", "1", "--wait", "5", "--collections", temp.path, "--no-history"])
            #expect(result.status == 0 && result.stdout.contains("welcome-greeting"), "\(result.stdout)\(result.stderr)")
        }
    }

    @Test func anEnvironmentsBaseURLMayBeAWebSocketURL() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        // A WebSocket-only API: its environment's base URL is ws://.
        try temp.write("S/collection.yaml", "name: S\nenvironments:\n  - name: local\n    baseURL: ws://127.0.0.1:\(server.port)\n")
        try temp.write("S/chat.yaml", "method: WS\nurl: /chat\nmessages:\n  - text: over ws\n")
        let result = try await CLIRunner.run(["send", "S/chat", "--messages", "1", "--collections", temp.path, "--no-history"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Connected to ws://127.0.0.1:\(server.port)/chat") && result.stdout.contains("over ws"), "\(result.stdout)\(result.stderr)")
    }

    @Test func savedMessagesGoOutAndEachAnswerIsPrinted() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try collection(server)
        let result = try await CLIRunner.run(["send", "W/chat", "--messages", "3", "--pretty", "format", "--collections", temp.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("← text · 9 B · +") && result.stdout.contains("hello ada"), "\(result.stdout)")
        #expect(result.stdout.contains("{\n  \"id\": 7,\n  \"items\": [\n    1,\n    2\n  ]\n}"), "JSON is formatted: \(result.stdout)")
        #expect(result.stdout.contains("← binary · 4 B") && result.stdout.contains("00 01 02 ff"), "\(result.stdout)")
        #expect(result.stderr.contains("Connected to ws://127.0.0.1:\(server.port)/chat (chat.v2)"), "\(result.stderr)")
        #expect(result.stderr.contains("Closed (1000); 3 messages received."), "\(result.stderr)")
        let handshake = server.handshakes.all.first ?? []
        #expect(handshake.contains { $0.name == "x-who" && $0.value == "ada" })
    }

    @Test func theServersCloseEndsItAndPrintOnlyBodies() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try collection(server)
        let result = try await CLIRunner.run(["send", "W/bye", "--print", "b", "--collections", temp.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("The server closed the connection (4001: bye); 0 messages received."), "\(result.stderr)")
    }

    @Test func standardInputLinesAndAQuietWaitEndIt() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try collection(server)
        let result = try await CLIRunner.run(["send", "W/chat", "--stdin", "--wait", "0.5", "--print", "b", "--collections", temp.path],
                                             input: "one\ntwo\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "one\ntwo\n", "only standard input's lines went out: \(result.stdout)")
        #expect(result.stderr.contains("2 messages received."), "\(result.stderr)")
    }

    @Test func aRefusedHandshakeIsExit2AndABadMessageIsNamed() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try collection(server)
        let refused = try await CLIRunner.run(["send", "W/refused", "--collections", temp.path])
        #expect(refused.status == 2 && refused.stderr.contains("refused the WebSocket handshake: 401 Unauthorized"), "\(refused.stderr)")
        let broken = try await CLIRunner.run(["send", "B/broken", "--collections", temp.path])
        #expect(broken.status != 0 && broken.stderr.contains("broken.yaml:5:5") && broken.stderr.contains("message 'bad' is not valid JSON"), "\(broken.stderr)")
    }

    /// The first answer is on stdout while the connection is still open (the server never closes it), and Ctrl-C then
    /// ends it with 130 and the count.
    @Test func eachMessageIsPrintedAsItArrivesAndCtrlCStopsIt() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try collection(server)
        let process = try StreamingProcess(try BuiltProducts.executable(named: "apiexplorer"),
                                           arguments: ["send", "W/chat", "--print", "b", "--collections", temp.path],
                                           directory: CLIRunner.packageRoot, environment: ["APIEXPLORER_HISTORY": "off"])
        // The last of the three answers (the binary one), so the count below is known.
        let printed = await process.waitForOutput(containing: "00 01 02 ff", timeout: 30)
        #expect(printed && process.isRunning, "\(process.stdout) \(process.stderr)")
        process.send(signal: SIGINT)
        #expect(await process.waitForExit(timeout: 30) == 130)
        #expect(process.stderr.contains("interrupted; 3 messages received."), "\(process.stderr)")
    }

    /// Checks read the conversation: `messages` counts what came, `$messages[*].data` is JSONPath over the messages
    /// (JSON ones parsed), `firstMessageBelow` times the first; a failed one exits 5 with the tally.
    @Test func checksReadTheMessagesReceived() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try collection(server)
        try temp.write("W/checked.yaml", """
            method: WS
            url: /
            messages:
              - json: '{"id": 7}'
              - text: two
            checks:
              - status: 101
              - messages: {count: 2}
              - json: "$messages[0].data.id"
                equals: 7
              - json: "$messages[1].data"
                equals: two
              - firstMessageBelow: 5000
            """)
        let passed = try await CLIRunner.run(["send", "W/checked", "--messages", "2", "--print", "b", "--collections", temp.path])
        #expect(passed.status == 0, "\(passed.stderr)")
        #expect(passed.stderr.contains("5 checks passed"), "\(passed.stderr)")
        try temp.write("W/checked.yaml", "method: WS\nurl: /\nmessages:\n  - text: one\nchecks:\n  - messages: {min: 2}\n")
        let failed = try await CLIRunner.run(["send", "W/checked", "--wait", "0.5", "--print", "b", "--collections", temp.path])
        #expect(failed.status == 5 && failed.stderr.contains("1 of 1 check failed"), "\(failed.stderr)")
    }

    /// The file's `expectMessages:` and `wait:` end the conversation when --messages and --wait are not given (the
    /// server never closes: without them `send` would wait for ever).
    @Test func theFilesExpectMessagesAndWaitEndTheConversation() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try collection(server)
        try temp.write("W/two.yaml", "method: WS\nurl: /\nmessages:\n  - text: one\n  - text: two\nexpectMessages: 2\n")
        try temp.write("W/quiet.yaml", "method: WS\nurl: /\nmessages:\n  - text: one\nwait: 0.3\n")
        for (request, received) in [("W/two", "Closed (1000); 2 messages received."), ("W/quiet", "Closed (1000); 1 message received.")] {
            let process = try StreamingProcess(try BuiltProducts.executable(named: "apiexplorer"),
                                               arguments: ["send", request, "--print", "b", "--collections", temp.path],
                                               directory: CLIRunner.packageRoot, environment: ["APIEXPLORER_HISTORY": "off"])
            #expect(await process.waitForExit(timeout: 30) == 0, "\(request): \(process.stderr)")
            #expect(process.stderr.contains(received), "\(request): \(process.stderr)")
        }
    }
}
