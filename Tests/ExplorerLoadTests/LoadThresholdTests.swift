import ExplorerLoad
import Testing

/// `--threshold` expressions: each kind read and judged, and what does not read named.
@Suite("Load: thresholds")
struct LoadThresholdTests {
    /// A summary of 1,000 requests: latencies 1…1000 ms, 2 errors, 995 checks passed of 1,000, over 2 s.
    private func summary() -> LoadSummary {
        var tally = LoadTally()
        for millisecond in 1...1000 {
            tally.add(LoadSample(latency: Double(millisecond) / 1000, error: millisecond <= 2 ? .refused : nil,
                                 checksPassed: millisecond <= 5 ? 0 : 1, checksFailed: millisecond <= 5 ? 1 : 0), at: 1)
        }
        return LoadSummary(tally, elapsed: 2)
    }

    @Test(arguments: [("p99<200ms", false), ("p99<1s", true), ("p50<=501ms", true), ("p50<499ms", false), ("p99.9<1000ms", true),
                      ("max<=1000ms", true), ("mean<600ms", true), ("errors<0.1%", false), ("errors<0.5%", true), ("checks>99%", true),
                      ("checks>99.6%", false), ("rate>400", true), ("rate>=600/s", false), ("p90 < 950 ms", true)])
    func eachKindIsJudged(expression: String, holds: Bool) throws {
        let threshold = try LoadThreshold(expression)
        #expect(threshold.holds(in: summary()) == holds, "\(expression): \(String(describing: threshold.measured(in: summary())))")
    }

    @Test func aSummaryPassesOnlyWhenEveryThresholdHolds() throws {
        var tally = LoadTally()
        tally.add(LoadSample(latency: 0.010), at: 0.5)
        let held = LoadSummary(tally, elapsed: 1, thresholds: [try LoadThreshold("p99<50ms"), try LoadThreshold("errors<1%")])
        #expect(held.passed && held.thresholds.map(\.held) == [true, true])
        let failed = LoadSummary(tally, elapsed: 1, thresholds: [try LoadThreshold("p99<50ms"), try LoadThreshold("rate>10")])
        #expect(!failed.passed && failed.thresholds.map(\.held) == [true, false])
        // No check ran: a checks threshold cannot hold.
        #expect(!LoadSummary(tally, elapsed: 1, thresholds: [try LoadThreshold("checks>99%")]).passed)
    }

    @Test(arguments: [("p99", "expected METRIC<LIMIT"), ("p98<10ms", "unknown metric 'p98'"), ("p99<200", "needs a unit"),
                      ("errors<1", "is a percentage"), ("rate>fast", "is not a number")])
    func whatDoesNotReadIsNamed(expression: String, message: String) {
        #expect(throws: LoadPlanError.self) { try LoadThreshold(expression) }
        do { _ = try LoadThreshold(expression) } catch {
            #expect(error.description.contains(message) && error.description.contains("threshold '\(expression)'"), "\(error)")
        }
    }

    @Test func durationsReadWithTheirUnitsUpToAYear() throws {
        let read = try ["30s", "2m", "500ms", "1.5"].map { try LoadDuration.seconds($0, option: "--duration") }
        #expect(read == [30, 120, 0.5, 1.5])
        #expect(throws: LoadPlanError("--duration is at most a year, got '1e10s'")) { try LoadDuration.seconds("1e10s", option: "--duration") }
        #expect(throws: LoadPlanError("--warmup takes a duration such as 30s, 2m or 500ms, got 'soon'")) { try LoadDuration.seconds("soon", option: "--warmup") }
    }
}
