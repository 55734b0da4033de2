import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Case 1: JSON pretty-printing throughput, apiexplorer's formatter against `jq .` on the same file.
enum FormattingBench {
    /// One row per size and shape.
    static func run(_ options: BenchOptions, workDirectory: URL, report: (BenchRow) -> Void) throws {
        let hasJQ = ProcessRun.isInstalled("jq")
        for size in options.formatSizes {
            for shape in JSONShape.allCases {
                let body = shape.generate(size: size)
                let file = workDirectory.appendingPathComponent("format-\(size)-\(shape).json")
                try body.write(to: file)
                let megabytes = Double(body.count) / 1_000_000
                let ours = try Repetition.timings(runs: options.runs) {
                    try Stopwatch.time {
                        let data = try Data(contentsOf: file)
                        let output = try JSONFormatter.prettyPrinted(data)
                        guard !output.isEmpty else { throw BenchFailure("empty output") }
                    }
                }
                let theirs = hasJQ ? try Repetition.timings(runs: options.runs) { try ProcessRun.checked(["jq", ".", file.path]).seconds } : []
                let oursRate = megabytes / Median.of(ours)
                let name = "format \(BenchText.size(body.count)) \(shape.rawValue)"
                if hasJQ {
                    let jqRate = megabytes / Median.of(theirs)
                    let ratio = oursRate / jqRate
                    report(BenchRow(name: name, ours: BenchText.rate(oursRate, seconds: Median.of(ours)),
                                    reference: "jq " + BenchText.rate(jqRate, seconds: Median.of(theirs)),
                                    ratio: String(format: "%.1f× jq", ratio), target: "≥ 1× jq", met: ratio >= 1))
                } else {
                    report(BenchRow(name: name, ours: BenchText.rate(oursRate, seconds: Median.of(ours)), reference: "jq not installed",
                                    ratio: "-", target: "≥ 1× jq", met: nil))
                }
                try? FileManager.default.removeItem(at: file)
            }
        }
    }
}
