import Foundation

/// The tally of a running load test, written by every request as it completes and read by the live view: one lock,
/// held for a histogram update.
final class LoadRecorder: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var tally = LoadTally()
    private var warmupCompleted = 0
    private var lastCompletion: Double = 0

    /// Counts `sample`, completed at `time` seconds from the start of the test; before `countFrom` it is warm-up.
    func add(_ samples: [LoadSample], at time: Double, countFrom: Double) {
        lock.withLock {
            guard time >= countFrom else {
                warmupCompleted += samples.count
                return
            }
            for sample in samples { tally.add(sample, at: time - countFrom) }
            lastCompletion = max(lastCompletion, time)
        }
    }

    /// The tally so far, and when the last counted request completed.
    func snapshot() -> (tally: LoadTally, lastCompletion: Double, warmup: Int) {
        lock.withLock { (tally, lastCompletion, warmupCompleted) }
    }
}
