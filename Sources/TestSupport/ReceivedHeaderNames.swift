import Foundation

/// The header names of every request head a test server received, lower-cased, in arrival order (thread-safe).
public final class ReceivedHeaderNames: @unchecked Sendable {
    private let lock = NSLock()
    private var heads: [[String]] = []

    /// An empty record.
    public init() {}

    /// Records one request head's header names.
    public func record(_ names: [String]) {
        let lowered = names.map { $0.lowercased() }
        lock.withLock { heads.append(lowered) }
    }

    /// One entry per request head received, each its header names.
    public var all: [[String]] { lock.withLock { heads } }
}
