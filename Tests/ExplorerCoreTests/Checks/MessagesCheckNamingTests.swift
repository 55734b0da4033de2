@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

/// `messages:` and `firstMessageBelow:` read as `events:` and `firstEventBelow:` but stay in a WebSocket
/// conversation's words: written back as spelt (the Checks tab saving), summed up and failed as messages.
@Suite("A messages check keeps its name")
struct MessagesCheckNamingTests {
    static let file = """
        method: WS
        url: /chat
        checks:
          - messages: {count: 2}
          - firstMessageBelow: 500
          - events: {min: 1}
        """

    @Test func theChecksTabWritesItBackAsSpelt() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        let path = try temp.write("Mini/chat.yaml", MessagesCheckNamingTests.file)
        let saved = try #require(temp.load().request("Mini/chat"))
        #expect(saved.checks.map(\.namesMessages) == [true, true, false])
        #expect(saved.checks.map(\.summary) == ["messages count 2", "first message < 500 ms", "events ≥ 1"])
        // A row added in the tab: the whole list is written again, each check in its own words.
        let rows = CheckRow.rows(of: saved) + [try CheckRow.parse("status 101", requestFile: path)]
        let edited = CheckRow.setting(rows, in: saved)
        try CollectionStore.save(edited, over: saved, original: Data(MessagesCheckNamingTests.file.utf8))
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("  - messages: {count: 2}\n  - firstMessageBelow: 500\n  - events: {min: 1}\n  - status: \"101\""), "\(written)")
        let reloaded = try #require(temp.load().request("Mini/chat"))
        #expect(reloaded.checks.map(\.namesMessages) == [true, true, false, false])
    }

    @Test func aLineTheTabShowsReadsBackInTheSameWords() throws {
        for line in ["messages count 2", "messages ≥ 1 ≤ 20", "first message < 500 ms", "events count 3", "events ≥ 1", "first event < 200 ms"] {
            guard case let .check(check) = try CheckRow.parse(line, requestFile: "/c/Mini/chat.yaml") else {
                Issue.record("\(line) is not a check")
                continue
            }
            #expect(check.summary == line)
            #expect(check.namesMessages == line.contains("message"))
        }
        #expect(throws: CheckLineError.self) { try CheckRow.parse("messages lots", requestFile: "/c/Mini/chat.yaml") }
    }

    @Test func itsFailureSaysMessages() {
        var response = CheckedResponse(status: 101)
        response.events = [StreamEvent(kind: .message, data: "one", time: 0.7)]
        response.eventCount = 1
        var messages = CheckSpec(.events(count: 3, min: nil, max: nil))
        messages.namesMessages = true
        #expect(CheckEvaluator(response: response).evaluate(messages).reason == "expected 3 messages, got 1")
        var first = CheckSpec(.firstEventBelow(500))
        first.namesMessages = true
        #expect(CheckEvaluator(response: response).evaluate(first).reason == "the first message came after 700 ms, limit 500 ms")
        // An events check on a conversation (its 101) says messages too; on a streamed HTTP response, events.
        let spelledEvents = CheckSpec(.events(count: 3, min: nil, max: nil))
        #expect(CheckEvaluator(response: response).evaluate(spelledEvents).reason == "expected 3 messages, got 1")
        response.status = 200
        #expect(CheckEvaluator(response: response).evaluate(spelledEvents).reason == "expected 3 events, got 1")
    }
}
