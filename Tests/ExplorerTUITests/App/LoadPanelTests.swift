import ExplorerCore
import ExplorerLoad
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("The load panel (W): setup, the test live, its summary")
struct LoadPanelTests {
    private func screen(_ model: ExplorerModel) -> [String] { ExplorerView.render(model).lines }

    /// A progress report of `count` requests at 2 ms in the first seconds.
    private func progress(_ count: Int) -> LoadProgress {
        var tally = LoadTally()
        for index in 0..<count { tally.add(LoadSample(latency: 0.002, checksPassed: 1), at: Double(index) / Double(max(1, count))) }
        return LoadProgress(time: 1.2, isWarmingUp: false, inFlight: 3, summary: LoadSummary(tally, elapsed: 1.2))
    }

    @Test func wOpensTheSetupAndEnterStartsTheTestOnTheSelectedRequest() throws {
        var model = ChecksTabTests.model()
        Fixtures.press([.character("W")], &model)
        guard case let .load(panel)? = model.modal else {
            Issue.record("expected the load panel")
            return
        }
        #expect(panel.request == "Flow/whoami" && panel.stage == .setup)
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "load_panel_setup_100x30")
        #expect(screen(model).contains { $0.contains("Load:     10/s") } && screen(model).contains { $0.contains("Duration: 10s") })
        // A rate that does not read stays in the panel with the reason.
        Fixtures.press([.control("u")] + Fixtures.typing("fast") + [.enter], &model)
        #expect(model.modal?.loadPanel?.error == "'fast' is not a rate (50/s) or a number of users (8 users)")
        Fixtures.press([.control("u")] + Fixtures.typing("4 users") + [.tab, .control("u")] + Fixtures.typing("2s"), &model)
        let effects = Fixtures.press([.enter], &model)
        guard case let .startLoad(id, resolver, plan)? = effects.first else {
            Issue.record("expected the test to start, got \(effects)")
            return
        }
        #expect(plan == LoadPlan(model: .closed(concurrency: 4), duration: 2) && resolver.request.slug == "whoami")
        #expect(model.modal?.loadPanel?.stage == .running(id: id))

        // Live: the throughput line, the sparkline and the percentiles.
        Fixtures.deliver(.loadProgress(id: id, progress(50)), &model)
        #expect(screen(model).contains { $0.contains("1.2 s  50 requests") && $0.contains("3 in flight") })
        #expect(screen(model).contains { $0.contains("latency (ms)") } && screen(model).contains { $0.contains("req/s   █") })
        #expect(screen(model).contains { $0.contains("latency █") })
        // A report of another test is not this one's.
        Fixtures.deliver(.loadProgress(id: id + 99, progress(7)), &model)
        #expect(screen(model).contains { $0.contains("50 requests") })

        // Esc stops it; the summary it sends back is shown.
        let stop = Fixtures.press([.escape], &model)
        guard case let .stopLoad(stopped)? = stop.first else {
            Issue.record("expected a stop, got \(stop)")
            return
        }
        #expect(stopped == id && model.modal?.loadPanel?.stage == .stopping(id: id))
        var summary = progress(80).summary
        summary.wasStopped = true
        Fixtures.deliver(.loadFinished(id: id, summary), &model)
        let finished = ExplorerView.render(model)
        expectGridIntact(finished)
        #expect(finished.lines.contains { $0.contains("80 requests in 1.20 s (stopped)") }, "\(finished.lines.joined(separator: "\n"))")
        #expect(finished.lines.contains { $0.contains("checks: 80 passed, 0 failed") })
        let copied = Fixtures.press([.character("y")], &model)
        #expect(copied.contains { if case let .copy(text, _) = $0 { text.contains("80 requests") } else { false } })
        Fixtures.press([.escape], &model)
        #expect(model.modal == nil)
    }

    @Test func aTestThatCannotStartSaysWhyInTheSetup() {
        var model = ChecksTabTests.model()
        Fixtures.press([.character("W")], &model)
        let effects = Fixtures.press([.enter], &model)
        guard case let .startLoad(id, _, plan)? = effects.first else {
            Issue.record("expected the test to start")
            return
        }
        #expect(plan == LoadPlan(model: .open(rate: 10), duration: 10))
        Fixtures.deliver(.loadFailed(id: id, message: "the variable {{token}} is not defined"), &model)
        #expect(model.modal?.loadPanel?.stage == .setup)
        #expect(screen(model).contains { $0.contains("✗ the variable {{token}} is not defined") })
    }
}
