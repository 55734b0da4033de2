import Histogram

/// Latencies in an HDR histogram, kept in microseconds from 1 µs to an hour with three significant digits: a fixed
/// 40 KB whatever the number of requests, and percentiles within 0.1%. Histogram is a value type of arrays, which the
/// package does not mark Sendable.
public struct LatencyHistogram: @unchecked Sendable {
    private var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
    private var sum: Double = 0

    /// An empty histogram.
    public init() {}

    /// How many latencies were recorded.
    public var count: Int { Int(histogram.totalCount) }

    /// Records `seconds` (a negative value as zero, anything past an hour as an hour).
    public mutating func record(_ seconds: Double) {
        let micros = UInt64(max(0, min(3_600_000_000, (seconds * 1_000_000).rounded())))
        histogram.record(micros)
        sum += Double(micros)
    }

    /// Adds every latency of `other`.
    public mutating func add(_ other: LatencyHistogram) {
        histogram.add(other.histogram)
        sum += other.sum
    }

    /// The latency in milliseconds that `percentile` percent of the recorded ones are at or below; 0 when empty.
    public func milliseconds(atPercentile percentile: Double) -> Double {
        count == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1000
    }

    /// The largest latency, in milliseconds.
    public var maxMilliseconds: Double { count == 0 ? 0 : Double(histogram.maxRecorded) / 1000 }

    /// The mean latency, in milliseconds.
    public var meanMilliseconds: Double { count == 0 ? 0 : sum / Double(count) / 1000 }

    /// p50, p90, p99, p99.9, max and mean, in milliseconds.
    public var stats: LatencyStats {
        LatencyStats(p50: milliseconds(atPercentile: 50), p90: milliseconds(atPercentile: 90), p99: milliseconds(atPercentile: 99),
                     p999: milliseconds(atPercentile: 99.9), max: maxMilliseconds, mean: meanMilliseconds, count: count)
    }
}
