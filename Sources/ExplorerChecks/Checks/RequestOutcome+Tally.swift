import ExplorerWorkspace
import Foundation

extension RequestOutcome {
    /// The checks' verdict for one response as `send` prints it: `✓ 4 checks passed`, or `✗ 1 of 6 checks failed`
    /// followed by each failure with its reason and actual value; nil when no check applies.
    public var tallyLines: [String]? {
        guard !checks.isEmpty else { return nil }
        let count = checks.count
        let failed = checks.filter { !$0.passed }
        guard !failed.isEmpty else { return ["✓ \(count) check\(count == 1 ? "" : "s") passed"] }
        return ["✗ \(failed.count) of \(count) check\(count == 1 ? "" : "s") failed"]
            + failed.map { result in
                // A script's test says what it found in its own message.
                let actual = if case .scriptTest = result.check.kind { "" } else { " (actual: \(result.actual))" }
                return "  ✗ \(result.check.summary): \(result.reason ?? "failed")\(actual)"
            }
    }
}
