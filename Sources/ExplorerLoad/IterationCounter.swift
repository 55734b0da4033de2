import Foundation

/// Hands out iteration numbers to the users of a closed-model test; counted iterations stop at the plan's limit.
final class IterationCounter: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var next = 0
    private var counted = 0

    /// True once `limit` counted iterations were handed out.
    func isExhausted(limit: Int?) -> Bool {
        guard let limit else { return false }
        return lock.withLock { counted >= limit }
    }

    /// The next iteration, or nil once `limit` counted iterations were handed out (nil limit: no limit, a warm-up one).
    func next(limit: Int?) -> Int? {
        lock.withLock {
            if let limit {
                guard counted < limit else { return nil }
                counted += 1
            }
            defer { next += 1 }
            return next
        }
    }
}
