import Foundation

/// Timers a test fires by hand: what `StreamProgressPoster` schedules waits here instead of on a clock.
final class PendingTimers: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [@Sendable () -> Void] = []

    /// How many are waiting.
    var count: Int { lock.withLock { waiting.count } }

    /// The scheduler to hand the poster.
    func schedule(_ delay: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        lock.withLock { waiting.append(work) }
    }

    /// Fires every timer waiting now (those they schedule wait for the next call).
    func fire() {
        let due = lock.withLock { () -> [@Sendable () -> Void] in
            defer { waiting = [] }
            return waiting
        }
        for work in due { work() }
    }
}
