import Foundation

extension RunReport {
    /// How many requests `run` lists one per row on a terminal before it prints only the failures and the totals.
    public static let listedOnTerminal = 50

    /// The summary table: one row per request (PASS, FAIL or ERROR, status, time, checks passed), each failed check
    /// below its request with the actual value and the reason, then the totals.
    public var text: String { text(listingEveryRequest: true) }

    /// Whether `run` lists every request: with `verbose`, or on a terminal when they are few enough to read. In a
    /// pipe or a CI log a thousand PASS rows only bury the failures (the reports keep every request).
    public func listsEveryRequest(verbose: Bool, onTerminal: Bool) -> Bool {
        verbose || (onTerminal && outcomes.count <= RunReport.listedOnTerminal)
    }

    /// The summary: every request's row when `listingEveryRequest`, else the rows of the requests that failed or were
    /// not sent and one line for those that passed (how many, their median and slowest time); then the totals.
    public func text(listingEveryRequest: Bool) -> String {
        let shown = listingEveryRequest ? outcomes : outcomes.filter { !$0.passed }
        let width = min(max(shown.map { label(of: $0).count }.max() ?? 0, 20), 60)
        var lines: [String] = []
        for outcome in shown {
            let verdict = outcome.error != nil ? "ERROR" : outcome.passed ? "PASS " : "FAIL "
            let name = label(of: outcome)
            let padded = name.count < width ? name + String(repeating: " ", count: width - name.count) : name
            let status = outcome.grpcStatus ?? outcome.status.map { String($0) } ?? "---"
            let time = String(format: "%6d ms", Int((outcome.duration * 1000).rounded()))
            let passed = outcome.checks.filter(\.passed).count
            lines.append("\(verdict) \(padded)  \(status) \(time)  \(passed)/\(outcome.checks.count) checks")
            if let error = outcome.error { lines.append("      \(error)") }
            for result in outcome.checks where !result.passed {
                lines.append("      ✗ \(result.check.summary): \(result.reason ?? "failed") (actual: \(result.actual))")
            }
        }
        if !listingEveryRequest, let line = passedLine { lines.append(line) }
        lines.append(totalsLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `PASS  998 requests, median 0.8 ms, slowest 12 ms (--verbose lists each)`; nil when none passed.
    var passedLine: String? {
        let times = outcomes.filter(\.passed).map(\.duration).sorted()
        guard !times.isEmpty else { return nil }
        let median = times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
        let count = "\(times.count) request\(times.count == 1 ? "" : "s")"
        return "PASS  \(count), median \(RunReport.milliseconds(median)), slowest \(RunReport.milliseconds(times[times.count - 1])) (--verbose lists each)"
    }

    /// `0.8 ms` under 10 ms, `12 ms` above: a loopback request takes well under a millisecond.
    static func milliseconds(_ seconds: Double) -> String {
        let value = seconds * 1000
        return value < 10 ? String(format: "%.1f ms", value) : String(format: "%.0f ms", value)
    }

    /// The reference, with `#2` for a later repetition.
    func label(of outcome: RequestOutcome) -> String {
        outcome.iteration > 1 ? "\(outcome.reference) #\(outcome.iteration)" : outcome.reference
    }
}
