import ExplorerCore
import ExplorerHistory
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// `send` on a WebSocket request keeps the conversation in history: the handshake (headers masked), the 101 and
/// every message both ways with its time, which `history show` prints as `send` did and `history` lists as WS.
@Suite("History keeps a WebSocket conversation")
struct WebSocketHistoryCLITests {
    /// A collection whose `chat` request carries a secret token in a header and a bearer token, and whose `whisper`
    /// sends the secret in a message (echoed back).
    func collection(_ server: WebSocketLoopbackServer) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("W/collection.yaml", """
            name: W
            environments:
              - name: local
                baseURL: http://127.0.0.1:\(server.port)
                variables:
                  - name: token
                    value: tok-Zq81-secret
                    secret: true
                  - name: who
                    value: ada
            """)
        try temp.write("W/chat.yaml", """
            name: Chat
            method: WS
            url: /chat
            headers:
              - name: X-Token
                value: "{{token}}"
            auth:
              type: bearer
              token: bearer-Yv77-secret
            protocols: [chat.v2]
            messages:
              - name: hello
                text: hello {{who}}
              - name: order
                json: '{"id": 7}'
              - name: raw
                base64: AAEC/w==
            """)
        try temp.write("W/refused.yaml", "url: ws://127.0.0.1:\(server.port)/refuse\n")
        try temp.write("W/whisper.yaml", "method: WS\nurl: /\nmessages:\n  - text: psst {{token}}\n")
        return temp
    }

    @Test func sendKeepsTheConversationAndHistoryShowPrintsItAsSendDid() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try collection(server)
        let file = temp.path + "/h.sqlite"
        let sent = try await CLIRunner.run(["send", "W/chat", "--messages", "3", "--pretty", "none", "--collections", temp.path, "--history", file])
        #expect(sent.status == 0, "\(sent.stderr)")
        // Each message sent is printed under its → line before its echo comes back under a ← line.
        let sentHello = try #require(sent.stdout.range(of: "→ text · "), "\(sent.stdout)")
        let echoedHello = try #require(sent.stdout.range(of: "← text · "), "\(sent.stdout)")
        #expect(sentHello.lowerBound < echoedHello.lowerBound)

        let shown = try await CLIRunner.run(["history", "show", "1", "--pretty", "none", "--history", file])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stderr.contains("Connected to ws://127.0.0.1:\(server.port)/chat (chat.v2)"), "\(shown.stderr)")
        #expect(shown.stderr.contains("3 messages sent, 3 received kept"), "\(shown.stderr)")
        // The same lines as `send` printed (the times too: they are kept as they were).
        #expect(shown.stdout == sent.stdout, "history:\n\(shown.stdout)\nsend:\n\(sent.stdout)")
        #expect(shown.stdout.contains("→ binary · 4 B · +") && shown.stdout.contains("← binary · 4 B · +"), "\(shown.stdout)")
        #expect(shown.stdout.contains("00 01 02 ff"))

        let bodies = try await CLIRunner.run(["history", "show", "1", "--print", "b", "--pretty", "none", "--history", file])
        #expect(bodies.stdout == "hello ada\n{\"id\": 7}\n00 01 02 ff\n", "only what came back: \(bodies.stdout)")

        let list = try await CLIRunner.run(["history", "--history", file])
        #expect(list.stdout.contains("WS") && list.stdout.contains("101") && list.stdout.contains("W/chat"), "\(list.stdout)")

        // A secret in a message is masked both ways, as it was on the screen.
        let whisper = try await CLIRunner.run(["send", "W/whisper", "--messages", "1", "--print", "b", "--collections", temp.path, "--history", file])
        #expect(whisper.status == 0 && whisper.stdout == "psst ••••••\n", "\(whisper.stdout) \(whisper.stderr)")
        let whispered = try await CLIRunner.run(["history", "show", "2", "--pretty", "none", "--history", file])
        #expect(whispered.stdout.contains("→ text · ") && whispered.stdout.components(separatedBy: "psst ••••••\n").count == 3, "\(whispered.stdout)")

        // Neither the token (header and message, sent and echoed) nor the bearer credential is in the file's bytes.
        let raw = SQLiteFileBytes.read(file)
        #expect(raw.count > 4096)
        #expect(raw.range(of: Data("tok-Zq81-secret".utf8)) == nil, "the secret variable is in the history file")
        #expect(raw.range(of: Data("bearer-Yv77-secret".utf8)) == nil, "the bearer token is in the history file")
    }

    /// `--replay` prints each message at its time: a conversation kept with its last answer 0.9 s in takes that long.
    @Test func replayKeepsTheConversationsTiming() async throws {
        let temp = try TempDirectory()
        let file = temp.path + "/h.sqlite"
        var response = HistoryResponse(status: 101, reason: "Switching Protocols", headers: [], body: HistoryBody(data: Data(), size: 0),
                                       duration: 1, finalURL: nil)
        response.events = [StreamEvent(kind: .sent, data: "one", time: 0.01), StreamEvent(kind: .message, data: "one", time: 0.02),
                           StreamEvent(kind: .message, data: "late", time: 0.9)]
        let exchange = HistoryExchange(sentAt: Date(), reference: "W/chat", environment: nil, source: "send",
                                       request: HistoryRequest(method: "WS", url: "ws://127.0.0.1:1/", headers: [], body: HistoryBody(data: Data(), size: 0)),
                                       response: response, error: nil)
        _ = try HistoryStore(path: file).record(exchange)
        let shown = try await CLIRunner.run(["history", "show", "1", "--pretty", "none", "--history", file])
        #expect(shown.stdout == "→ text · 3 B · +0.010 s\none\n← text · 3 B · +0.020 s\none\n← text · 4 B · +0.900 s\nlate\n", "\(shown.stdout)")
        let started = Date()
        let replayed = try await CLIRunner.run(["history", "show", "1", "--replay", "--pretty", "none", "--history", file])
        #expect(Date().timeIntervalSince(started) > 0.8)
        #expect(replayed.stdout == shown.stdout)
    }

    @Test func aRefusedHandshakeIsKeptWithWhy() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try collection(server)
        let file = temp.path + "/h.sqlite"
        let refused = try await CLIRunner.run(["send", "W/refused", "--collections", temp.path, "--history", file])
        #expect(refused.status == 2, "\(refused.stderr)")
        let shown = try await CLIRunner.run(["history", "show", "1", "--history", file])
        #expect(shown.status == 2 && shown.stderr.contains("401 Unauthorized"), "\(shown.stderr)")
        let list = try await CLIRunner.run(["history", "--history", file])
        #expect(list.stdout.contains("WS"), "\(list.stdout)")
    }
}
