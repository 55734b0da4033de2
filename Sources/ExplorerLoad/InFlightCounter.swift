import Foundation

/// Requests in flight, for the live view.
final class InFlightCounter: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var count = 0

    /// Adds `delta`.
    func change(by delta: Int) { lock.withLock { count += delta } }

    /// The count now.
    var value: Int { lock.withLock { count } }
}
