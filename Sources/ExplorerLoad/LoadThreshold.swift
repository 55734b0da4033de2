import Foundation

/// A condition on a load test's summary, as `--threshold` writes it: `p99<200ms`, `p50<50ms`, `mean<=20ms`,
/// `errors<0.1%`, `checks>99%`, `rate>1000`.
public struct LoadThreshold: Sendable, Equatable, CustomStringConvertible {
    /// What is measured.
    public enum Metric: String, Sendable, Equatable {
        case p50, p90, p99, p999, max, mean, errors, checks, rate
    }

    /// What is measured.
    public var metric: Metric
    /// `<`, `<=`, `>` or `>=`.
    public var comparison: String
    /// The limit: milliseconds for a latency, a percentage for errors and checks, requests a second for the rate.
    public var limit: Double
    /// The expression as written.
    public var description: String

    /// Reads `text`; the error says what is wrong and what is expected.
    public init(_ text: String) throws(LoadPlanError) {
        let trimmed = text.replacingOccurrences(of: " ", with: "")
        guard let operatorRange = trimmed.range(of: "<=") ?? trimmed.range(of: ">=") ?? trimmed.range(of: "<") ?? trimmed.range(of: ">") else {
            throw LoadPlanError("threshold '\(text)': expected METRIC<LIMIT or METRIC>LIMIT, such as p99<200ms, errors<0.1%, checks>99%, rate>1000")
        }
        let name = String(trimmed[..<operatorRange.lowerBound]).lowercased()
        guard let metric = Metric(rawValue: name == "p99.9" ? "p999" : name) else {
            throw LoadPlanError("threshold '\(text)': unknown metric '\(name)'; use p50, p90, p99, p99.9, max, mean, errors, checks or rate")
        }
        var value = String(trimmed[operatorRange.upperBound...]).lowercased()
        var scale = 1.0
        switch metric {
        case .p50, .p90, .p99, .p999, .max, .mean:
            if value.hasSuffix("ms") { value.removeLast(2) } else if value.hasSuffix("us") || value.hasSuffix("µs") {
                value.removeLast(2)
                scale = 0.001
            } else if value.hasSuffix("s") {
                value.removeLast()
                scale = 1000
            } else {
                throw LoadPlanError("threshold '\(text)': a latency limit needs a unit, such as 200ms or 1s")
            }
        case .errors, .checks:
            guard value.hasSuffix("%") else { throw LoadPlanError("threshold '\(text)': \(metric.rawValue) is a percentage, such as \(metric == .errors ? "errors<0.1%" : "checks>99%")") }
            value.removeLast()
        case .rate:
            if value.hasSuffix("/s") { value.removeLast(2) }
        }
        guard let number = Double(value), number.isFinite, number >= 0 else {
            throw LoadPlanError("threshold '\(text)': '\(String(trimmed[operatorRange.upperBound...]))' is not a number")
        }
        self.metric = metric
        comparison = String(trimmed[operatorRange])
        limit = number * scale
        description = trimmed
    }

    /// The measured value this threshold judges, in its own unit; nil when there is nothing to judge (no checks ran).
    public func measured(in summary: LoadSummary) -> Double? {
        switch metric {
        case .p50: return summary.latency.total.p50
        case .p90: return summary.latency.total.p90
        case .p99: return summary.latency.total.p99
        case .p999: return summary.latency.total.p999
        case .max: return summary.latency.total.max
        case .mean: return summary.latency.total.mean
        case .errors: return summary.requests == 0 ? 100 : Double(summary.errorCount) * 100 / Double(summary.requests)
        case .checks:
            let total = summary.checksPassed + summary.checksFailed
            return total == 0 ? nil : Double(summary.checksPassed) * 100 / Double(total)
        case .rate: return summary.rate
        }
    }

    /// Whether `summary` meets it; a checks threshold with no check run does not.
    public func holds(in summary: LoadSummary) -> Bool {
        guard let value = measured(in: summary) else { return false }
        switch comparison {
        case "<": return value < limit
        case "<=": return value <= limit
        case ">": return value > limit
        default: return value >= limit
        }
    }
}
