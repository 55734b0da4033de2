import ExplorerCore
import ExplorerLoad
import Testing

/// The HDR histogram's percentiles against distributions whose percentiles are known.
@Suite("Load: latency histograms and percentiles")
struct LatencyHistogramTests {
    @Test func aUniformDistributionHasItsPercentilesWithinATenthOfAPercent() {
        var histogram = LatencyHistogram()
        // 1 ms … 10,000 ms in 1 ms steps: the p-th percentile is p·100 ms.
        for millisecond in 1...10_000 { histogram.record(Double(millisecond) / 1000) }
        let stats = histogram.stats
        #expect(stats.count == 10_000)
        for (value, expected) in [(stats.p50, 5000.0), (stats.p90, 9000), (stats.p99, 9900), (stats.p999, 9990), (stats.max, 10_000)] {
            #expect(abs(value - expected) <= expected * 0.001, "\(value) vs \(expected)")
        }
        #expect(abs(stats.mean - 5000.5) < 0.01)
    }

    @Test func aFewSlowRequestsShowInTheHighPercentilesOnly() {
        var histogram = LatencyHistogram()
        for _ in 0..<990 { histogram.record(0.002) }
        for _ in 0..<10 { histogram.record(1.0) }
        #expect(abs(histogram.milliseconds(atPercentile: 50) - 2) < 0.01)
        #expect(abs(histogram.milliseconds(atPercentile: 99) - 2) < 0.01)
        #expect(abs(histogram.milliseconds(atPercentile: 99.9) - 1000) < 1)
        #expect(abs(histogram.maxMilliseconds - 1000) < 1)
    }

    @Test func histogramsAddUpAndAnEmptyOneIsZero() {
        var a = LatencyHistogram()
        var b = LatencyHistogram()
        for _ in 0..<100 { a.record(0.010) }
        for _ in 0..<100 { b.record(0.030) }
        a.add(b)
        #expect(a.count == 200 && abs(a.meanMilliseconds - 20) < 0.01 && abs(a.maxMilliseconds - 30) < 0.05)
        #expect(LatencyHistogram().stats == LatencyStats(p50: 0, p90: 0, p99: 0, p999: 0, max: 0, mean: 0, count: 0))
        // Out of range values are clamped, never lost.
        var clamped = LatencyHistogram()
        clamped.record(-1)
        clamped.record(10_000)
        #expect(clamped.count == 2 && abs(clamped.maxMilliseconds - 3_600_000) < 3_600)
    }
}

/// What a summary says second by second, and the error kinds of transport failures.
@Suite("Load: seconds and error kinds")
struct LoadTallyTests {
    @Test func eachSecondKeepsItsThroughputAndMeanLatency() {
        var tally = LoadTally()
        tally.add(LoadSample(latency: 0.010), at: 0.2)
        tally.add(LoadSample(latency: 0.030), at: 0.9)
        tally.add(LoadSample(latency: 0.100), at: 2.5)
        let summary = LoadSummary(tally, elapsed: 3)
        #expect(summary.perSecond == [2, 0, 1])
        #expect(summary.meanLatencyPerSecond.map { ($0 * 1000).rounded() / 1000 } == [20, 0, 100])
    }

    @Test func transportFailuresHaveTheirKinds() {
        #expect(LoadErrorKind(.connectionRefused) == .refused && LoadErrorKind(.timedOut) == .timeout)
        #expect(LoadErrorKind(.connectionLost) == .reset && LoadErrorKind(.tls) == .tls && LoadErrorKind(.hostNotFound) == .dns)
        #expect(LoadErrorKind(.badResponse) == .other && LoadErrorKind(nil) == .other)
    }
}
