import Foundation
import Testing
@testable import ExplorerCore

/// The events a streamed response keeps for its end, without a socket.
@Suite("Streaming: the events kept of a streamed body")
struct StreamEventCollectorTests {
    @Test func eventsAreKeptFromTheStartWhileTheyFitAndAllAreCounted() {
        // A JSON line's data is the line, quotes included: "aaaa" and "bbbb" (6 bytes each) fill the 12, "cccc" is over.
        var collector = StreamEventCollector(format: .jsonLines, maxEventSize: 1024, keptEventBytes: 12)
        let read = collector.read(Data("\"aaaa\"\n\"bbbb\"\n\"cccc\"\n".utf8), time: 1)
        #expect(read.count == 3)
        let last = collector.finish(time: 2) + collector.read(Data(), time: 2)
        #expect(last.isEmpty)
        #expect(collector.kept.map(\.data) == ["\"aaaa\"", "\"bbbb\""])
        #expect(collector.count == 3)
    }

    @Test func noEventIsKeptAfterOneThatDidNotFit() {
        // "aaaaaaaa" (10 bytes) is over the 6; "b" (3) would fit, but the events kept have no gap.
        var collector = StreamEventCollector(format: .jsonLines, maxEventSize: 1024, keptEventBytes: 6)
        _ = collector.read(Data("\"aaaaaaaa\"\n\"b\"\n".utf8), time: 1)
        #expect(collector.kept.isEmpty)
        #expect(collector.count == 2)
    }

    @Test func theLastLineWithoutItsEndIsReadAtTheFinish() {
        var collector = StreamEventCollector(format: .jsonLines, maxEventSize: 1024, keptEventBytes: 100)
        #expect(collector.read(Data("\"a\"\n\"b\"".utf8), time: 1).count == 1)
        #expect(collector.finish(time: 2).map(\.data) == ["\"b\""])
        #expect(collector.count == 2)
    }

    @Test func anEventOverTheLimitIsReported() {
        var collector = StreamEventCollector(format: .jsonLines, maxEventSize: 8, keptEventBytes: 100)
        _ = collector.read(Data("\"0123456789abcdef\"".utf8), time: 1)
        #expect(collector.isOverLimit)
    }
}
