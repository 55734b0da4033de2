import Foundation

/// The tally of a running load test, written by every request as it completes and read by the live view: one lock,
/// held for a histogram update.
final class LoadRecorder: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var tally = LoadTally()
    private var lastCompletion: Double = 0

    /// Counts `sample`, completed at `time` seconds from the start of the test; before `countFrom` it is warm-up.
    func add(_ samples: [LoadSample], at time: Double, countFrom: Double) {
        lock.withLock {
            guard time >= countFrom else { return }
            for sample in samples { tally.add(sample, at: time - countFrom) }
            lastCompletion = max(lastCompletion, time)
        }
    }

    /// The test `now` seconds after it started, for the live view: what is counted so far, over the time since the warm-up.
    func progress(at now: Double, warmup: Double, inFlight: Int, thresholds: [LoadThreshold]) -> LoadProgress {
        let (tally, _) = snapshot()
        return LoadProgress(time: now, isWarmingUp: now < warmup, inFlight: inFlight,
                            summary: LoadSummary(tally, elapsed: max(0, now - warmup), thresholds: thresholds))
    }

    /// The summary of the test: over the time from the warm-up to the last counted answer, or to `now` when it stopped.
    func summary(at now: Double, warmup: Double, thresholds: [LoadThreshold], stopped: Bool) -> LoadSummary {
        let (tally, lastCompletion) = snapshot()
        var summary = LoadSummary(tally, elapsed: max(0, (stopped ? now : lastCompletion) - warmup), thresholds: thresholds)
        summary.wasStopped = stopped
        return summary
    }

    /// Calls `report` with `progress()` about four times a second until the task it returns is cancelled; nil without
    /// a `report`.
    static func ticker(_ report: (@Sendable (LoadProgress) -> Void)?, progress: @escaping @Sendable () -> LoadProgress) -> Task<Void, Never>? {
        report.map { report in
            Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(250))
                    report(progress())
                }
            }
        }
    }

    /// The tally so far, and when the last counted request completed.
    private func snapshot() -> (tally: LoadTally, lastCompletion: Double) {
        lock.withLock { (tally, lastCompletion) }
    }
}
