import ExplorerLoad
import Foundation
import Testing

/// The runner with a sender that sleeps instead of sending: the models, the bounds, the warm-up, and latencies measured
/// from the intended start when the server stalls.
@Suite("Load: the runner's models")
struct LoadRunnerTests {
    @Test func theClosedModelSendsTheRequestsAskedForWithThatManyUsers() async {
        let concurrent = Counter()
        let summary = await LoadRunner(plan: LoadPlan(model: .closed(concurrency: 4), requests: 40)).run { _ in
            concurrent.enter()
            try? await Task.sleep(for: .milliseconds(5))
            concurrent.leave()
            return [LoadSample(latency: 0.005, checksPassed: 1)]
        }
        #expect(summary.requests == 40 && summary.checksPassed == 40 && summary.errorCount == 0)
        #expect(concurrent.peak == 4)
        #expect(abs(summary.latency.total.p50 - 5) < 0.1)
    }

    @Test func theOpenModelKeepsItsRateAndStopsAtTheDuration() async {
        let summary = await LoadRunner(plan: LoadPlan(model: .open(rate: 200), duration: 0.5)).run { _ in
            [LoadSample(latency: 0.001)]
        }
        // 200/s for 0.5 s: 100 requests, at 200/s.
        #expect(summary.requests == 100, "\(summary.requests)")
        #expect(summary.rate > 150 && summary.rate < 260, "\(summary.rate)")
    }

    /// One connection, 100 requests a second, a server that stalls once for 0.5 s: every request meant to start during
    /// the stall waits for it, and its latency says so. Measured from the send alone, p99 would be 1 ms.
    @Test func aStallCountsAgainstEveryRequestThatShouldHaveStartedDuringIt() async {
        let summary = await LoadRunner(plan: LoadPlan(model: .open(rate: 100), duration: 1.5, connections: 1)).run { index in
            let stall = index == 20
            try? await Task.sleep(for: stall ? .milliseconds(500) : .milliseconds(1))
            return [LoadSample(latency: stall ? 0.5 : 0.001)]
        }
        #expect(summary.requests >= 140, "\(summary.requests)")
        #expect(summary.latency.total.p50 < 20, "\(summary.latency.total)")
        // About 50 requests were due during the stall: well over 1% of the run waited hundreds of ms.
        #expect(summary.latency.total.p99 > 300, "\(summary.latency.total)")
        #expect(summary.latency.total.p90 > 50, "\(summary.latency.total)")
    }

    @Test func theWarmupIsSentButNotCounted() async {
        let sent = Counter()
        let summary = await LoadRunner(plan: LoadPlan(model: .open(rate: 100), duration: 0.3, warmup: 0.2)).run { _ in
            sent.enter()
            sent.leave()
            return [LoadSample(latency: 0.001)]
        }
        #expect(sent.total >= 48 && summary.requests <= 31 && summary.requests >= 28, "sent \(sent.total), counted \(summary.requests)")
    }

    @Test func cancellingStopsTheTestAndSummarisesWhatWasCounted() async {
        let task = Task {
            await LoadRunner(plan: LoadPlan(model: .closed(concurrency: 2), duration: 60)).run { _ in
                try? await Task.sleep(for: .milliseconds(2))
                return Task.isCancelled ? [] : [LoadSample(latency: 0.002)]
            }
        }
        try? await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let summary = await task.value
        #expect(summary.wasStopped && summary.requests > 10 && summary.elapsed < 5)
    }

    @Test func errorsAreCountedByKind() async {
        let summary = await LoadRunner(plan: LoadPlan(model: .closed(concurrency: 1), requests: 6)).run { index in
            [LoadSample(latency: 0.001, error: [nil, .refused, .timeout, .refused, .status, nil][index % 6])]
        }
        #expect(summary.errors == [.refused: 2, .timeout: 1, .status: 1] && summary.errorCount == 4)
    }
}

/// How many run at once, and in all.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0
    private var most = 0
    private var count = 0

    func enter() { lock.withLock { now += 1; count += 1; most = max(most, now) } }
    func leave() { lock.withLock { now -= 1 } }
    var peak: Int { lock.withLock { most } }
    var total: Int { lock.withLock { count } }
}
