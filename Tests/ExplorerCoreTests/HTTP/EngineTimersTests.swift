import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ExplorerCore

/// The engine's timers: work runs at its deadline (not before, and promptly after), in deadline order, never once
/// cancelled, and cancelled entries do not pile up.
@Suite struct EngineTimersTests {
    /// Records when each label fired, in order.
    final class Log: Sendable {
        private let entries = Mutex<[(String, UInt64)]>([])
        func add(_ label: String) { entries.withLock { $0.append((label, DispatchTime.now().uptimeNanoseconds)) } }
        var labels: [String] { entries.withLock { $0.map(\.0) } }
        func time(of label: String) -> UInt64? { entries.withLock { $0.first { $0.0 == label }?.1 } }
    }

    private static func waitUntil(_ timeout: TimeInterval = 5, _ condition: () -> Bool) async {
        let end = Date().addingTimeInterval(timeout)
        while !condition(), Date() < end { try? await Task.sleep(nanoseconds: 2_000_000) }
    }

    @Test func workRunsAtItsDeadlineInOrderAndAnEarlierDeadlineRearms() async {
        let timers = EngineTimers()
        let log = Log()
        let start = DispatchTime.now()
        _ = timers.schedule(at: start + 1.0) { log.add("late") }
        // Earlier than the armed deadline: the source must be re-armed for it.
        _ = timers.schedule(at: start + 0.050) { log.add("early") }
        _ = timers.schedule(at: start + 0.150) { log.add("middle") }
        await Self.waitUntil { log.labels.count == 3 }
        #expect(log.labels == ["early", "middle", "late"])
        for (label, delay) in [("early", 0.050), ("middle", 0.150), ("late", 1.0)] {
            let elapsed = Double((log.time(of: label) ?? 0) - start.uptimeNanoseconds) / 1e9
            #expect(elapsed >= delay, "\(label) ran after \(elapsed) s, before its deadline")
        }
        // Without re-arming, the earlier work would wait for the first deadline armed; the wide gap keeps a loaded
        // machine's late wake-ups from passing for that.
        let late = Double((log.time(of: "late") ?? 0) - start.uptimeNanoseconds) / 1e9
        for label in ["early", "middle"] {
            let elapsed = Double((log.time(of: label) ?? 0) - start.uptimeNanoseconds) / 1e9
            #expect(elapsed < 1.0 && elapsed < late, "\(label) ran after \(elapsed) s: the timer was not re-armed for it")
        }
        #expect(timers.pendingCount == 0)
    }

    @Test func cancelledWorkNeverRunsAndReleasesWhatItCaptured() async {
        final class Captured: Sendable {}
        let timers = EngineTimers()
        let log = Log()
        weak var weakCaptured: Captured?
        let token: EngineTimers.Token = {
            let captured = Captured()
            weakCaptured = captured
            return timers.schedule(at: .now() + 0.050) { _ = captured; log.add("cancelled") }
        }()
        _ = timers.schedule(at: .now() + 0.100) { log.add("kept") }
        #expect(weakCaptured != nil)
        token.cancel()
        token.cancel()
        #expect(weakCaptured == nil, "cancelling lets go of the work at once")
        await Self.waitUntil { log.labels.contains("kept") }
        try? await Task.sleep(nanoseconds: 50_000_000)
        #expect(log.labels == ["kept"])
    }

    @Test func cancelledEntriesDoNotPileUp() {
        let timers = EngineTimers()
        // Sequential requests: each is cancelled while it is the earliest, so it leaves at once.
        for _ in 0..<10_000 {
            timers.schedule(at: .now() + 60) {}.cancel()
        }
        #expect(timers.pendingCount == 0)
        // Concurrent requests ending out of order: cancelled entries deep in the heap are swept out.
        let keeper = timers.schedule(at: .now() + 30) {}
        var tokens: [EngineTimers.Token] = []
        for index in 0..<5000 { tokens.append(timers.schedule(at: .now() + 60 + Double(index) / 1000) {}) }
        for token in tokens { token.cancel() }
        #expect(timers.pendingCount < 2100, "\(timers.pendingCount) entries left")
        keeper.cancel()
    }

    @Test func timersThatGoAwayRunNothingLater() async {
        let log = Log()
        var token: EngineTimers.Token?
        do {
            let timers = EngineTimers()
            token = timers.schedule(at: .now() + 0.030) { log.add("orphan") }
        }
        try? await Task.sleep(nanoseconds: 120_000_000)
        token?.cancel()
        #expect(log.labels.isEmpty)
    }
}
