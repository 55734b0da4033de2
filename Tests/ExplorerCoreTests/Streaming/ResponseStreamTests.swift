import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Combine)
import Combine
#else
@preconcurrency import OpenCombine
#endif
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Request.stream hands a streamed body over as it arrives")
struct ResponseStreamTests {
    static let events = ["event: tick\nid: 1\ndata: {\"n\": 1}\n\n", ": keep-alive\n\n", "id: 2\ndata: two\n\n",
                         "data: three\n\n"]
    static let server = Result { try FaultServer(routes: [
        "/sse": .chunkedStream(contentType: "text/event-stream", chunks: events, interval: 0.3),
        "/ndjson": .chunkedStream(contentType: "application/x-ndjson", chunks: ["{\"a\":1}\n{\"b\"", ":2}\n", "{\"c\":3}\n"],
                                  interval: 0.3),
        "/json": .chunkedStream(contentType: "application/json", chunks: ["[1,", "2]"], interval: 0.3),
        "/silent": .chunksThenSilence(contentType: "text/event-stream", chunks: ["data: only\n\n"]),
        "/long": .chunkedStream(contentType: "text/event-stream", chunks: (1...6).map { "data: \($0)\n\n" }, interval: 0.4),
    ]) }

    /// What `stream()` handed over for `path`, with each part's arrival in seconds since it started.
    struct Received {
        var head: ResponseHead?
        var pieces: [(data: Data, time: TimeInterval)] = []
        var events: [StreamEvent] = []
        var end: Request.Response?
        var error: RequestError?
    }

    func stream(_ path: String, over transport: TransportKind = .swiftNIO,
                _ change: (inout Request.Configuration) -> Void = { _ in }) async throws -> Received {
        let request = Request(.get, url: try ResponseStreamTests.server.get().url(path), session: ExplorerSession.make()).configured {
            $0.transport = transport
            change(&$0)
        }
        var received = Received()
        do {
            for try await part in request.stream() {
                switch part {
                case let .head(head): received.head = head
                case let .body(data, time): received.pieces.append((data, time))
                case let .events(events): received.events += events
                case let .end(response): received.end = response
                }
            }
        } catch {
            received.error = error as? RequestError
        }
        return received
    }

    @Test(arguments: [TransportKind.swiftNIO, .urlSession])
    func serverSentEventsArriveOneByOne(transport: TransportKind) async throws {
        let got = try await stream("/sse", over: transport)
        #expect(got.error == nil)
        #expect(got.head?.statusCode == 200 && got.head?.format == .serverSentEvents)
        #expect(got.events.map(\.data) == [#"{"n": 1}"#, "two", "three"])
        #expect(got.events.map(\.id) == ["1", "2", "2"])
        #expect(got.events.map(\.event) == ["tick", "message", "message"])
        // The first event was handed over long before the last was sent (0.9 s later).
        let first = try #require(got.events.first?.time)
        let last = try #require(got.events.last?.time)
        #expect(last - first > 0.6, "\(first) \(last)")
        // The end still carries the whole body, and the events with their times.
        #expect(got.end?.text == ResponseStreamTests.events.joined())
        #expect(got.end?.events == got.events && got.end?.eventCount == 3)
    }

    @Test func jsonLinesStreamWithoutBeingAsked() async throws {
        let got = try await stream("/ndjson")
        #expect(got.head?.format == .jsonLines)
        #expect(got.events.map(\.data) == [#"{"a":1}"#, #"{"b":2}"#, #"{"c":3}"#])
    }

    @Test func anotherTypeStreamsOnlyWhenAsked() async throws {
        let plain = try await stream("/json")
        #expect(plain.head == nil && plain.pieces.isEmpty)
        #expect(plain.end?.text == "[1,2]")
        let asked = try await stream("/json") { $0.streamsEveryResponse = true }
        #expect(asked.head?.format == .chunks)
        #expect(asked.pieces.map { String(decoding: $0.data, as: UTF8.self) } == ["[1,", "2]"])
    }

    @Test func theTimeoutBoundsOnlyTheWaitForTheHead() async throws {
        // The stream lasts about 2.4 s, past the 1.5 s timeout; it used to be cut off as a timeout. The timeout leaves a
        // loaded machine time to deliver the head, which is all it bounds.
        let started = Date()
        let got = try await stream("/long") { $0.timeoutInterval = 1.5 }
        #expect(got.error == nil, "\(String(describing: got.error))")
        #expect(got.events.count == 6)
        #expect(Date().timeIntervalSince(started) > 1.5, "the stream must outlast the timeout for this test to mean anything")
    }

    @Test func silenceLongerThanTheIdleTimeoutEndsTheStream() async throws {
        let started = Date()
        let got = try await stream("/silent") { $0.streamIdleTimeout = 0.4 }
        #expect(got.events.map(\.data) == ["only"])
        let error = try #require(got.error)
        #expect(error.transportFailure == .timedOut, "\(error)")
        #expect(error.localizedDescription.contains("streamIdleTimeout"), "\(error.localizedDescription)")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func onlyTheFirstKeptEventBytesOfEventsAreKeptButAllAreCounted() async throws {
        let got = try await stream("/sse") { $0.keptEventBytes = 10 }
        // {"n": 1} is 8 bytes, "two" would pass 10; "three" too.
        #expect(got.end?.events?.map(\.data) == [#"{"n": 1}"#])
        #expect(got.end?.eventCount == 3)
        #expect(got.events.count == 3)
    }

    @Test func theSendWithAPartHandlerReturnsTheResponse() async throws {
        let collected = EventCollector()
        let request = Request(.get, url: try ResponseStreamTests.server.get().url("/ndjson"))
        let response = try await request.send(onPart: { if case let .events(events) = $0 { collected.add(events) } })
        #expect(collected.all.map(\.data) == [#"{"a":1}"#, #"{"b":2}"#, #"{"c":3}"#])
        #expect(response.events == collected.all)
    }

    @Test func thePublisherHandsOverTheSameParts() async throws {
        let request = Request(.get, url: try ResponseStreamTests.server.get().url("/sse"))
        let probe = PublisherProbe<ResponseStreamPart>()
        probe.attach(request.streamPublisher())
        try await probe.waitForCompletion(timeout: 10)
        let parts = probe.received
        guard case .head? = parts.first, case .end? = parts.last else {
            Issue.record("expected head … end, got \(parts)")
            return
        }
        let events = parts.flatMap { part -> [StreamEvent] in
            if case let .events(events) = part { return events }
            return []
        }
        #expect(events.map(\.data) == [#"{"n": 1}"#, "two", "three"])
    }
}
