import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

@Suite("A streamed response drawn as it arrives (issue 28)")
struct LiveStreamTests {
    @Test func eventsAreDrawnNewestAtTheBottomAndEscKeepsThem() {
        var model = Fixtures.model(width: 100, height: 20)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        let id = model.session.nextSendID - 1
        let events = (1...30).map { StreamEvent(kind: .serverSent, event: "tick", id: "\($0)", data: "{\"n\": \($0)}", time: 0.1 * Double($0)) }
        _ = model.update(.streamProgress(id: id, events: Array(events.prefix(10)), bytes: 300))
        _ = model.update(.streamProgress(id: id, events: Array(events.dropFirst(10)), bytes: 600))
        // A late or stray send's events are ignored.
        _ = model.update(.streamProgress(id: id + 99, events: events, bytes: 1))
        var screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("streaming · 30 events") && screen.contains("first event 100 ms"), "\(screen)")
        #expect(screen.contains("+3.000 s tick id 30 {\"n\": 30}"), "the newest is shown: \(screen)")
        #expect(!screen.contains("id 1 {"), "the oldest scrolled off the top")
        Fixtures.press([.escape], &model)
        screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Stopped after") && screen.contains("30 events · Ctrl-J") && screen.contains("id 30 {\"n\": 30}"), "\(screen)")
        // A new send starts clean, and a whole response replaces the events.
        Fixtures.press([.control("j")], &model)
        Fixtures.deliver(.responseReceived(id: model.session.nextSendID - 1, Fixtures.summary("{\"done\": true}")), &model)
        #expect(model.responseView.live == nil)
    }

    /// An endless stream keeps only the latest events for the screen, and says so when stopped.
    @Test func aLongStreamKeepsTheLatestEvents() {
        var model = Fixtures.model(width: 100, height: 20)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        let id = model.session.nextSendID - 1
        for batch in 0..<5 {
            let events = (0..<500).map { StreamEvent(kind: .line, data: "line \(batch * 500 + $0)", time: Double(batch)) }
            _ = model.update(.streamProgress(id: id, events: events, bytes: 5_000))
        }
        #expect(model.responseView.live?.count == 2_500 && model.responseView.live?.items.count == LiveStream.keptEvents)
        #expect(model.responseView.live?.items.first?.data == "line 500")
        Fixtures.press([.escape], &model)
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("2500 events, the last 2000 kept") && screen.contains("line 2499"), "\(screen)")
    }

    /// A flood the poster could not hand over whole: the skipped events count, and rows keep their place among all.
    @Test func skippedEventsAreCountedAndRowsKeepTheirNumbers() {
        var model = Fixtures.model(width: 100, height: 20)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        let id = model.session.nextSendID - 1
        let first = (0..<3).map { StreamEvent(kind: .line, data: "line \($0)", time: 0.05) }
        _ = model.update(.streamProgress(id: id, events: first, bytes: 30))
        let latest = (0..<LiveStream.keptEvents).map { StreamEvent(kind: .line, data: "late \($0)", time: 2) }
        _ = model.update(.streamProgress(id: id, events: latest, bytes: 90_000, skipped: 40_000))
        let live = model.responseView.live
        #expect(live?.count == 3 + 40_000 + LiveStream.keptEvents)
        #expect(live?.items.count == LiveStream.keptEvents)
        #expect(live?.items.first?.sequence == 40_003 && live?.items.last?.sequence == 42_002)
        #expect(live?.items.last?.data == "late 1999" && live?.firstEvent == 0.05)
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("streaming · 42003 events") && screen.contains("late 1999"), "\(screen)")
    }
}
