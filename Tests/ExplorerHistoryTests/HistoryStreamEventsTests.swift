import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing
@testable import ExplorerHistory
import ExplorerWorkspace

@Suite("History keeps a streamed response's events with their times")
struct HistoryStreamEventsTests {
    static let events = [
        StreamEvent(kind: .serverSent, event: "token", id: "1", data: #"{"token": "s3cret-value"}"#, time: 0.25),
        StreamEvent(kind: .serverSent, event: "message", id: nil, data: "second", time: 1.5),
    ]

    @Test func eventsComeBackWithTheirTimes() throws {
        let temp = try TempDirectory()
        let store = try HistoryStore(path: temp.path + "/h.sqlite")
        var exchange = HistoryFixtures.exchange()
        exchange.response?.events = HistoryStreamEventsTests.events
        let id = try store.record(exchange)
        let back = try #require(try store.exchange(id: id))
        #expect(back.response?.events == HistoryStreamEventsTests.events)
        #expect(back.storedResponse?.events?.map(\.time) == [0.25, 1.5])
        // A response that did not stream has none.
        let plain = try store.record(HistoryFixtures.exchange())
        #expect(try store.exchange(id: plain)?.response?.events == nil)
    }

    @Test func recordingMasksSecretsAndKeepsEventsWithinTheBodyLimit() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/events"))
        let request = Request(.get, url: url)
        let head = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                                headerFields: ["Content-Type": "text/event-stream"]))
        var response = Request.Response(request: request, urlResponse: head, data: Data("...".utf8))
        response.events = HistoryStreamEventsTests.events
        let recorded = HistoryExchange.recording(request, secrets: ["s3cret-value"], reference: nil, environment: nil, response: response,
                                                 failure: nil, source: "send", sentAt: Date(), limits: HistoryLimits(bodyBytes: 30))
        let events = try #require(recorded.response?.events)
        // The first event's data (26 bytes) fits 30; the second would pass it.
        #expect(events.count == 1)
        #expect(!events[0].data.contains("s3cret-value") && events[0].time == 0.25, "\(events)")
    }
}
