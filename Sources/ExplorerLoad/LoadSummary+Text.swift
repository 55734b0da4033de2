import ExplorerCore
import Foundation

extension LoadSummary {
    /// The summary as the terminal prints it: counts, throughput, a latency table and the thresholds.
    public var lines: [String] {
        func ms(_ value: Double) -> String { value < 10 ? String(format: "%.2f", value) : value < 100 ? String(format: "%.1f", value) : String(format: "%.0f", value) }
        var lines: [String] = []
        let stopped = wasStopped ? " (stopped)" : ""
        lines.append("\(requests) requests in \(MeasurementText.duration(elapsed))\(stopped), \(String(format: "%.1f", rate))/s")
        let errorText = errors.isEmpty ? "0" : "\(errorCount) (" + errors.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ") + ")"
        let percent = requests == 0 ? 0 : Double(errorCount) * 100 / Double(requests)
        lines.append("errors: \(errorText)" + (errors.isEmpty ? "" : String(format: ", %.2f%%", percent)))
        let checks = checksPassed + checksFailed
        lines.append(checks == 0 ? "checks: none" : "checks: \(checksPassed) passed, \(checksFailed) failed (\(String(format: "%.2f", Double(checksPassed) * 100 / Double(checks)))%)")
        lines.append("")
        lines.append("latency (ms)      p50      p90      p99    p99.9      max     mean")
        for (name, stats) in [("total", latency.total), ("connect", latency.connect), ("tls", latency.tls), ("first byte", latency.firstByte)] {
            guard stats.count > 0 || name == "total" else { continue }
            let cells = [stats.p50, stats.p90, stats.p99, stats.p999, stats.max, stats.mean].map { ms($0).leftPadded(to: 9) }.joined()
            lines.append(name.padding(toLength: 14, withPad: " ", startingAt: 0) + cells)
        }
        if !thresholds.isEmpty {
            lines.append("")
            for (threshold, held) in thresholds {
                let measured = threshold.measured(in: self).map { value in
                    switch threshold.metric {
                    case .errors, .checks: return String(format: "%.2f%%", value)
                    case .rate: return String(format: "%.1f/s", value)
                    default: return ms(value) + " ms"
                    }
                } ?? "no checks ran"
                lines.append("\(held ? "✓" : "✗") \(threshold.description)  (\(measured))")
            }
        }
        return lines
    }

    /// The live line: time, requests, throughput, p99 and errors so far.
    public static func liveLine(_ progress: LoadProgress) -> String {
        let summary = progress.summary
        if progress.isWarmingUp { return String(format: "%.1f s  warming up  %d in flight", progress.time, progress.inFlight) }
        let recent = summary.perSecond.count >= 2 ? summary.perSecond[summary.perSecond.count - 2] : summary.perSecond.last ?? 0
        return String(format: "%.1f s  %d requests  %d/s  p99 %.1f ms  errors %d  %d in flight", progress.time, summary.requests, recent,
                      summary.latency.total.p99, summary.errorCount, progress.inFlight)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
