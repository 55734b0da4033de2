import Foundation

extension RunReport {
    /// The summary table: one row per request (PASS, FAIL or ERROR, status, time, checks passed), each failed check
    /// below its request with the actual value and the reason, then the totals.
    public var text: String {
        let width = min(max(outcomes.map { label(of: $0).count }.max() ?? 0, 20), 60)
        var lines: [String] = []
        for outcome in outcomes {
            let verdict = outcome.error != nil ? "ERROR" : outcome.passed ? "PASS " : "FAIL "
            let name = label(of: outcome)
            let padded = name.count < width ? name + String(repeating: " ", count: width - name.count) : name
            let status = outcome.status.map { String($0) } ?? "---"
            let time = String(format: "%6d ms", Int((outcome.duration * 1000).rounded()))
            let passed = outcome.checks.filter(\.passed).count
            lines.append("\(verdict) \(padded)  \(status) \(time)  \(passed)/\(outcome.checks.count) checks")
            if let error = outcome.error { lines.append("      \(error)") }
            for result in outcome.checks where !result.passed {
                lines.append("      ✗ \(result.check.summary): \(result.reason ?? "failed") (actual: \(result.actual))")
            }
        }
        lines.append(totalsLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The reference, with `#2` for a later repetition.
    func label(of outcome: RequestOutcome) -> String {
        outcome.iteration > 1 ? "\(outcome.reference) #\(outcome.iteration)" : outcome.reference
    }
}
