import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

@Suite("Stream progress is handed to the explorer no faster than it takes it (issue 28)")
struct StreamProgressPosterTests {
    private func events(_ count: Int, from first: Int = 0) -> [StreamEvent] {
        (first..<(first + count)).map { StreamEvent(kind: .line, data: "line \($0)") }
    }

    @Test func aFloodWaitsForTheExplorerWithOneTimerAndTheLatestEvents() throws {
        let inbox = MessageInbox()
        let timers = PendingTimers()
        // No interval: every piece finds the last post long past, so only the wait for the inbox holds it back.
        let poster = StreamProgressPoster(id: 7, inbox: inbox, interval: 0, floodInterval: 0, schedule: { timers.schedule($0, $1) })
        // The first event after a quiet spell goes at once.
        poster.take(.events(events(1)))
        // Then a flood the explorer has not taken yet: one timer waits, however many pieces arrive.
        for piece in 0..<1_000 {
            poster.take(.body(Data(count: 10), time: 0))
            poster.take(.events(events(5, from: 1 + piece * 5)))
        }
        #expect(timers.count == 1)
        for _ in 0..<3 {
            timers.fire()
            #expect(timers.count == 1, "the timer looks again while the first batch waits, one at a time")
        }
        let first = inbox.drain()
        guard case let .streamProgress(id, firstEvents, _, firstSkipped)? = first.first else {
            Issue.record("expected the first batch, got \(first)")
            return
        }
        #expect(first.count == 1 && id == 7 && firstEvents.count == 1 && firstSkipped == 0)
        // Taken: the next look posts the latest events only, counting the rest.
        timers.fire()
        let second = inbox.drain()
        guard case let .streamProgress(_, latest, bytes, skipped)? = second.first else {
            Issue.record("expected the second batch, got \(second)")
            return
        }
        #expect(second.count == 1 && latest.count == LiveStream.keptEvents && skipped == 5_000 - LiveStream.keptEvents)
        #expect(latest.last?.data == "line 5000" && bytes == 10_000)
        #expect(timers.count == 0, "nothing is left to post")
    }

    @Test func aFloodIsDrawnAtTheSlowerPaceUntilBatchesAreSmallAgain() {
        let inbox = MessageInbox()
        let timers = PendingTimers()
        // No wait between small batches; after a flood's batch, an hour (so only a timer can post).
        let poster = StreamProgressPoster(id: 1, inbox: inbox, interval: 0, floodInterval: 3600, schedule: { timers.schedule($0, $1) })
        poster.take(.events(events(3)))
        #expect(inbox.drain().count == 1, "a small batch goes at once")
        poster.take(.events(events(2)))
        #expect(inbox.drain().count == 1, "and the next small one too")
        poster.take(.events(events(StreamProgressPoster.floodBatch + 1)))
        #expect(inbox.drain().count == 1)
        // After a flood's batch the next events wait for the slower timer instead of going at once.
        poster.take(.events(events(2)))
        #expect(inbox.drain().isEmpty && timers.count == 1)
        timers.fire()
        #expect(inbox.drain().count == 1, "the timer posts them")
        // That batch was small: the quick pace is back.
        poster.take(.events(events(1)))
        #expect(inbox.drain().count == 1)
    }
}
