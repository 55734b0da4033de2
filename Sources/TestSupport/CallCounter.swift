import Foundation

/// Counts calls made from any thread, for tests of hooks and lazily evaluated closures.
public final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    /// Creates a counter at zero.
    public init() {}
    /// Adds one.
    public func increment() { lock.withLock { count += 1 } }
    /// The count so far.
    public var value: Int { lock.withLock { count } }
}
