import ExplorerCore
import Foundation

extension ResponseView {
    /// The response pane's tabs: Body, Headers with their count, Checks with the tally.
    static func tabs(_ summary: ResponseSummary, selected: ResponseTab) -> Tabs {
        Tabs(titles: ResponseTab.titles(for: summary), selectedIndex: ResponseTab.offered(for: summary).firstIndex(of: selected) ?? 0)
    }

    /// `(5/6)`: checks passed of those that apply; nil when none do.
    static func checkTally(_ summary: ResponseSummary) -> String? {
        guard !summary.checks.isEmpty else { return nil }
        return "(\(summary.checks.filter(\.passed).count)/\(summary.checks.count))"
    }

    /// The status line's tally: `✓ 6 checks` or `✗ 2 of 6 checks failed`.
    static func checkSpan(_ summary: ResponseSummary) -> Span? {
        guard !summary.checks.isEmpty else { return nil }
        let failed = summary.checks.filter { !$0.passed }.count
        if failed == 0 { return Span("  ✓ \(summary.checks.count) check\(summary.checks.count == 1 ? "" : "s") passed", style: Theme.passed) }
        return Span("  ✗ \(failed) of \(summary.checks.count) checks failed", style: Theme.error)
    }

    /// The Checks tab: each check passed or failed with the actual value and the reason, then the values captured.
    static func checkLines(_ summary: ResponseSummary) -> [StyledLine] {
        var lines: [StyledLine] = []
        if !summary.graphQLErrors.isEmpty {
            let count = summary.graphQLErrors.count
            lines.append(StyledLine("\(count) GraphQL error\(count == 1 ? "" : "s")", style: Theme.error))
            for error in summary.graphQLErrors { lines.append(StyledLine("  ✗ " + TerminalSafeText.sanitize(error.description), style: Theme.error)) }
            lines.append(StyledLine(""))
        }
        if summary.checks.isEmpty {
            lines.append(StyledLine("No checks apply. Add checks: to the request, its folder or the collection (Collections/README.md).", style: Theme.dim))
        }
        for result in summary.checks {
            var spans = [result.passed ? Span("✓ ", style: Theme.passed) : Span("✗ ", style: Theme.error),
                         Span(TerminalSafeText.sanitize(result.check.summary), style: .bold),
                         Span("  actual: " + TerminalSafeText.sanitize(result.actual), style: Theme.dim)]
            if let reason = result.reason { spans.append(Span("  " + TerminalSafeText.sanitize(reason), style: Theme.error)) }
            lines.append(StyledLine(spans))
        }
        if !summary.captured.isEmpty {
            lines.append(StyledLine(""))
            lines.append(StyledLine("Captured", style: .bold))
            for value in summary.captured {
                lines.append(StyledLine([Span("  \(value.name) = ", style: .bold),
                                         Span(value.secret ? SecretMasker.mask : TerminalSafeText.sanitize(value.value)),
                                         Span("  from \(TerminalSafeText.sanitize(value.origin))", style: Theme.dim)]))
            }
        }
        return lines
    }
}
