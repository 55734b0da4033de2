import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("A streamed event is held up to maxEventSize, read in linear time, and a longer one ends the stream (issue 39)")
struct StreamLimitTests {
    /// `bytes` cut every `step` bytes, as a network hands a body over.
    static func pieces(_ bytes: [UInt8], step: Int) -> [ArraySlice<UInt8>] {
        stride(from: 0, to: bytes.count, by: step).map { bytes[$0..<min(bytes.count, $0 + step)] }
    }

    @Test func aLongSSELineCutIntoManyPiecesIsOneEvent() {
        // 4 MB in 4 KB pieces: a parser that scanned what it held again on each piece would read 2 GB here.
        let data = String(repeating: "x", count: 4 << 20)
        var parser = ServerSentEventParser()
        var events: [StreamEvent] = []
        for piece in Self.pieces(Array("data: \(data)\n\ndata: next\n\n".utf8), step: 4096) { events += parser.feed(piece) }
        #expect(events.map(\.data) == [data, "next"])
        #expect(!parser.isOverLimit)
    }

    @Test func aLongJSONLineCutIntoManyPiecesIsOneLine() {
        let text = "{\"a\":\"" + String(repeating: "y", count: 4 << 20) + "\"}"
        var parser = NDJSONParser()
        var events: [StreamEvent] = []
        for piece in Self.pieces(Array((text + "\n{\"b\":1}\n").utf8), step: 4096) { events += parser.feed(piece) }
        events += parser.finish()
        #expect(events.map(\.data) == [text, "{\"b\":1}"])
    }

    @Test func anSSELineOverTheLimitStopsTheParserAfterTheEventsBefore() {
        var parser = ServerSentEventParser(maxEventSize: 1000)
        var events: [StreamEvent] = []
        let body = "data: before\n\ndata: " + String(repeating: "x", count: 5000) + "\n\ndata: after\n\n"
        for piece in Self.pieces(Array(body.utf8), step: 100) { events += parser.feed(piece) }
        #expect(events.map(\.data) == ["before"])
        #expect(parser.isOverLimit)
    }

    @Test func anSSEEventWhoseDataLinesTogetherPassTheLimitStopsTheParser() {
        var parser = ServerSentEventParser(maxEventSize: 1000)
        // Each line is short; the event they make is not.
        let body = "data: ok\n\n" + String(repeating: "data: " + String(repeating: "z", count: 99) + "\n", count: 20) + "\n"
        let events = parser.feed(Array(body.utf8))
        #expect(events.map(\.data) == ["ok"])
        #expect(parser.isOverLimit)
    }

    @Test func anEventOfExactlyTheLimitIsRead() {
        var parser = ServerSentEventParser(maxEventSize: 1000)
        let data = String(repeating: "x", count: 994)
        #expect(parser.feed(Array("data: \(data)\n\n".utf8)).map(\.data) == [data])
        var lines = NDJSONParser(maxEventSize: 1000)
        let line = String(repeating: "1", count: 1000)
        #expect(lines.feed(Array("\(line)\n".utf8)).map(\.data) == [line])
    }

    @Test func aJSONLineOverTheLimitStopsTheParserAfterTheLinesBefore() {
        var parser = NDJSONParser(maxEventSize: 1000)
        var events: [StreamEvent] = []
        let body = "{\"n\":1}\n" + String(repeating: "9", count: 5000) + "\n{\"n\":2}\n"
        for piece in Self.pieces(Array(body.utf8), step: 100) { events += parser.feed(piece) }
        events += parser.finish()
        #expect(events.map(\.data) == ["{\"n\":1}"])
        #expect(parser.isOverLimit)
    }

    @Test func aStreamWithAnEventOverTheLimitFailsNamingItAndKeepsTheEventsBefore() async throws {
        let server = try PacedEventServer()
        defer { server.stop() }
        // Past the default 16 MiB by a megabyte; the server would go on to send an event after it.
        let request = Request(.get, url: server.baseURL.appendingPathComponent("long/\(17 << 20)"), session: ExplorerSession.make())
            .configured { $0.transport = .swiftNIO }
        let collected = EventCollector()
        do {
            let response = try await request.send(onPart: { part in
                if case let .events(events) = part { collected.add(events) }
            })
            Issue.record("the stream ended normally with \(response.eventCount) events")
        } catch {
            #expect(error.transportFailure == .tooLarge, "\(error)")
            #expect(error.description.contains("maxEventSize") && error.description.contains("16"), "\(error.description)")
        }
        #expect(collected.all.map(\.data) == ["first"])
    }
}
