/// What a load test measured, and whether its thresholds held.
public struct LoadSummary: Sendable {
    /// Requests counted (the warm-up is not).
    public var requests: Int
    /// Seconds the counted part lasted.
    public var elapsed: Double
    /// Requests completed a second.
    public var rate: Double
    /// Errors by kind.
    public var errors: [LoadErrorKind: Int]
    /// Checks that passed on the responses.
    public var checksPassed: Int
    /// Checks that failed.
    public var checksFailed: Int
    /// Latency percentiles.
    public var latency: LoadLatencies
    /// Completions in each second, for the sparkline.
    public var perSecond: [Int]
    /// The mean latency of each second, in milliseconds (0 for a second nothing completed in).
    public var meanLatencyPerSecond: [Double]
    /// Each threshold and whether it held.
    public var thresholds: [(threshold: LoadThreshold, held: Bool)] = []
    /// True when the test was stopped before its end (Ctrl-C, Esc).
    public var wasStopped = false

    /// The summary of `tally` over `elapsed` seconds, judged by `thresholds`.
    public init(_ tally: LoadTally, elapsed: Double, thresholds: [LoadThreshold] = []) {
        requests = tally.requests
        self.elapsed = elapsed
        rate = elapsed > 0 ? Double(tally.requests) / elapsed : 0
        errors = tally.errors
        checksPassed = tally.checksPassed
        checksFailed = tally.checksFailed
        latency = LoadLatencies(tally)
        perSecond = tally.perSecond
        meanLatencyPerSecond = zip(tally.latencyPerSecond, tally.perSecond).map { sum, count in count == 0 ? 0 : sum * 1000 / Double(count) }
        let judged = self
        self.thresholds = thresholds.map { ($0, $0.holds(in: judged)) }
    }

    /// All errors.
    public var errorCount: Int { errors.values.reduce(0, +) }

    /// True when every threshold held.
    public var passed: Bool { thresholds.allSatisfy(\.held) }
}
