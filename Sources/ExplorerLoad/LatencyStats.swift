/// The percentiles of one phase's latencies, in milliseconds.
public struct LatencyStats: Sendable, Equatable {
    /// The median.
    public var p50: Double
    /// The 90th percentile.
    public var p90: Double
    /// The 99th percentile.
    public var p99: Double
    /// The 99.9th percentile.
    public var p999: Double
    /// The largest.
    public var max: Double
    /// The mean.
    public var mean: Double
    /// How many were recorded (a phase a reused connection skips has fewer than the total).
    public var count: Int

    /// Stats as given.
    public init(p50: Double, p90: Double, p99: Double, p999: Double, max: Double, mean: Double, count: Int) {
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
        self.max = max
        self.mean = mean
        self.count = count
    }
}
