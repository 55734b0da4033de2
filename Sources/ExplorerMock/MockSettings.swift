import Foundation

/// How the mock shapes its answers: a delay before each, and the share of requests answered with a failure.
public struct MockSettings: Sendable, Equatable {
    /// Milliseconds each answer waits (`--latency`).
    public var latencyMilliseconds: Int64
    /// The share of requests, 0…1, answered 500 (`--fail-rate`): none at 0, all at 1, at random between.
    public var failRate: Double

    /// Creates settings; the defaults answer at once and never fail.
    public init(latencyMilliseconds: Int64 = 0, failRate: Double = 0) {
        self.latencyMilliseconds = latencyMilliseconds
        self.failRate = failRate
    }

    /// A duration as `--latency` takes it (`50ms`, `1.5s`, `250`: milliseconds) in milliseconds, or nil when it is not one.
    public static func milliseconds(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let (number, scale): (Substring, Double) = trimmed.hasSuffix("ms") ? (trimmed.dropLast(2), 1)
            : trimmed.hasSuffix("s") ? (trimmed.dropLast(), 1000) : (Substring(trimmed), 1)
        guard let value = Double(number), value.isFinite, value >= 0, value * scale <= 3_600_000 else { return nil }
        return Int64((value * scale).rounded())
    }
}
