import Foundation

/// The Markdown written to `Benchmarks/RESULTS.md`: when, on what, at which commit, and the table.
struct ResultsReport {
    /// Rows in the order they were measured.
    var rows: [BenchRow] = []
    /// Whether the run used tiny inputs.
    var quick: Bool

    /// The whole document.
    func markdown(root: URL) -> String {
        var text = "# Benchmark results\n\n"
        text += "Written by `scripts/bench.sh`\(quick ? " --quick (tiny inputs: checks that the cases run, not a measurement)" : ""). "
        text += "Medians after one warm-up run (a run over 2 s is its own warm-up, and such cases run 3 times); "
        text += "ratios compare against a reference measured in the same run.\n\n"
        text += "- Date: \(ISO8601DateFormatter().string(from: Date()))\n"
        text += "- Commit: \(Self.commit(root: root))\n"
        text += "- Machine: \(Self.machine())\n\n"
        text += "| case | apiexplorer | reference | ratio | target | met |\n| --- | --- | --- | --- | --- | --- |\n"
        for row in rows {
            let met = row.met.map { $0 ? "yes" : "**no**" } ?? "-"
            let cells = [row.name, row.ours, row.reference, row.ratio, row.target, met].map { $0.replacingOccurrences(of: "|", with: "\\|") }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// One row as a line for the terminal while the benchmark runs.
    static func line(_ row: BenchRow) -> String {
        let met = row.met.map { $0 ? "met" : "NOT MET" } ?? ""
        return "\(row.name): \(row.ours) | \(row.reference) | \(row.ratio) | target \(row.target) \(met)"
    }

    private static func commit(root: URL) -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bench-git-\(UUID().uuidString)").path
        defer { unlink(output) }
        guard (try? ProcessRun.run(["git", "-C", root.path, "describe", "--always", "--dirty"], outputPath: output))?.status == 0,
              let text = try? String(contentsOfFile: output, encoding: .utf8) else { return "unknown" }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func machine() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
        var system = utsname()
        uname(&system)
        let kernel = withUnsafeBytes(of: &system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        return String(format: "%@, %d cores, %.0f GiB, Linux %@", model, ProcessInfo.processInfo.activeProcessorCount, memory, kernel)
    }
}
