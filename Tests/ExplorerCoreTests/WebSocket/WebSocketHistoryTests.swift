@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

/// A WebSocket conversation as history keeps it: every message both ways in order with its time, binary ones marked,
/// the handshake's credentials and every secret masked, within the body limit; checks still read only what came back.
@Suite("A WebSocket conversation kept in history")
struct WebSocketHistoryTests {
    /// `Chat` with a secret variable in a header, in the query and in a message, and a bearer token.
    func resolved() throws -> ResolvedRequest {
        var request = RequestSpec(name: "Chat", slug: "chat", url: "/chat?key={{token}}")
        request.method = "WS"
        request.headers = [KeyValue("X-Token", "{{token}}")]
        request.auth = .bearer(token: "bearer-Yv77")
        let collection = CollectionSpec(root: FolderSpec(name: "W", slug: "W"),
                                        environments: [EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:1",
                                                                       variables: [Variable(name: "token", value: "tok-Zq81", secret: true)])])
        return try RequestResolver(collection: collection, folders: [], request: request, environment: collection.environments.first).resolve()
    }

    @Test func theTranscriptKeepsBothWaysInOrderWithBinaryMarked() {
        let transcript = WebSocketTranscript()
        transcript.sent(WebSocketMessage(text: "hello"))
        transcript.received(WebSocketMessage(text: "hello"))
        transcript.received(WebSocketMessage(binary: Data([0, 1, 2, 255])))
        let events = transcript.events
        #expect(events.map(\.kind) == [.sent, .message, .message])
        #expect(events.map(\.data) == ["hello", "hello", "AAEC/w=="])
        #expect(events.map(\.event) == [nil, nil, "binary"])
        #expect(events[0].time <= events[1].time && events[1].time <= events[2].time)
        #expect(transcript.receivedCount == 2)
        #expect(WebSocketTranscript.message(of: events[2]) == WebSocketMessage(binary: Data([0, 1, 2, 255])))
        #expect(WebSocketTranscript.message(of: events[0]) == WebSocketMessage(text: "hello"))
        // Recorded once, whichever end comes first.
        #expect(transcript.finish() && !transcript.finish())
    }

    @Test func theTranscriptStopsKeepingAtItsLimitWithoutGaps() {
        let transcript = WebSocketTranscript(byteLimit: 10)
        transcript.received(WebSocketMessage(text: "12345"))
        transcript.received(WebSocketMessage(text: "1234567"))
        transcript.received(WebSocketMessage(text: "1"))
        #expect(transcript.events.map(\.data) == ["12345"])
        #expect(transcript.receivedCount == 3)
    }

    @Test func theRecordingMasksTheHandshakeAndTheMessages() throws {
        let resolved = try resolved()
        let (url, options) = try resolved.webSocketTarget(protocols: ["chat.v2"])
        let transcript = WebSocketTranscript()
        transcript.sent(WebSocketMessage(text: "hello tok-Zq81"))
        transcript.received(WebSocketMessage(text: "hello tok-Zq81"))
        let exchange = HistoryExchange.recording(conversationOf: resolved, url: url, options: options,
                                                 responseHeaders: [(name: "Sec-WebSocket-Protocol", value: "chat.v2")],
                                                 events: transcript.events, duration: 1.5, failure: nil, source: "send", sentAt: transcript.started)
        #expect(exchange.request.method == "WS" && exchange.entry.method == "WS")
        #expect(exchange.request.url == "ws://127.0.0.1:1/chat?key=••••••", "\(exchange.request.url)")
        #expect(exchange.request.headers.contains(Header("Sec-WebSocket-Protocol", "chat.v2")))
        #expect(exchange.request.headers.contains(Header("X-Token", "••••••")), "\(exchange.request.headers)")
        let authorization = try #require(exchange.request.headers.first { $0.name == "Authorization" })
        #expect(!authorization.value.contains("bearer-Yv77"))
        let response = try #require(exchange.response)
        #expect(response.status == 101 && response.header("Sec-WebSocket-Protocol") == "chat.v2" && response.duration == 1.5)
        #expect(response.events?.map(\.data) == ["hello ••••••", "hello ••••••"])
        #expect(response.events?.map(\.kind) == [.sent, .message])
        #expect(exchange.error == nil)
    }

    @Test func aFailedHandshakeIsKeptWithWhyAndNoResponse() throws {
        let resolved = try resolved()
        let (url, options) = try resolved.webSocketTarget(protocols: [])
        let exchange = HistoryExchange.recording(conversationOf: resolved, url: url, options: options, responseHeaders: nil, events: [],
                                                 duration: 0.1, failure: "refused with tok-Zq81", source: "explorer", sentAt: Date())
        #expect(exchange.response == nil && exchange.error == "refused with ••••••")
        #expect(exchange.entry.status == nil && exchange.source == "explorer")
    }

    @Test func historysBodyLimitBoundsTheMessagesKept() throws {
        let resolved = try resolved()
        let (url, options) = try resolved.webSocketTarget(protocols: [])
        let events = (1...5).map { StreamEvent(kind: $0.isMultiple(of: 2) ? .sent : .message, data: String(repeating: "x", count: 10), time: Double($0)) }
        let exchange = HistoryExchange.recording(conversationOf: resolved, url: url, options: options, responseHeaders: [], events: events,
                                                 duration: 5, failure: nil, source: "send", sentAt: Date(), limits: HistoryLimits(bodyBytes: 25))
        #expect(exchange.response?.events?.count == 2)
    }

    /// Checks read the messages received only: a conversation kept with those sent counts, times and selects the same.
    @Test func checksSeeOnlyTheMessagesReceived() {
        var response = CheckedResponse(status: 101)
        response.events = [StreamEvent(kind: .sent, data: #"{"id": 1}"#, time: 0.001), StreamEvent(kind: .message, data: #"{"id": 2}"#, time: 0.2),
                           StreamEvent(kind: .sent, data: "two", time: 0.3), StreamEvent(kind: .message, data: "two", time: 0.4)]
        response.eventCount = 4
        let evaluator = CheckEvaluator(response: response)
        #expect(evaluator.evaluate(CheckSpec(.events(count: 2, min: nil, max: nil))).passed)
        #expect(evaluator.evaluate(CheckSpec(.jsonPath("$messages[0].data.id", .equals(.integer(2))))).passed)
        #expect(evaluator.evaluate(CheckSpec(.jsonPath("$messages", .count(2)))).passed)
        let late = evaluator.evaluate(CheckSpec(.firstEventBelow(100)))
        #expect(!late.passed && late.actual == "200 ms", "the first message received came at 200 ms, not the first sent")
    }
}
