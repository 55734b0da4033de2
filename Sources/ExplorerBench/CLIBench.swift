import Foundation

/// Case: the command line as scripts and CI call it, each a whole process against curl doing the same, in paired runs
/// (apiexplorer, then curl, in turn) so both see the same load: `--version`, a one-shot `send` of a GET, and
/// `run --repeat` of one GET against one curl process fetching as many URLs.
enum CLIBench {
    /// Requests `run --repeat` sends.
    static func repeats(_ options: BenchOptions) -> Int { options.quick ? 20 : 1000 }

    /// One comparison: the two command lines, how many pairs to time and the target ratio.
    private struct Pair {
        var name: String
        var ours: [String]
        var curl: [String]
        var curlLabel: String
        var pairs: Int
        var target: Double
    }

    /// Three rows, each against curl with its own target.
    static func run(_ options: BenchOptions, executable: String, baseURL: URL, workDirectory: URL, report: (BenchRow) -> Void) throws {
        let collections = workDirectory.appendingPathComponent("cli-collections")
        try write(baseURL: baseURL, in: collections)
        let url = baseURL.appendingPathComponent("small").absoluteString
        let count = repeats(options)
        let config = workDirectory.appendingPathComponent("cli-curl.txt")
        try String(repeating: "url = \"\(url)\"\noutput = \"/dev/null\"\n", count: count)
            .write(to: config, atomically: true, encoding: .utf8)
        // A start-up takes tens of milliseconds and one busy moment moves it, so it takes many pairs for the median to
        // settle; a run of 1,000 requests far fewer.
        let short = options.quick ? 1 : options.runs * 6
        let long = options.quick ? 1 : options.runs * 2
        let cases = [
            Pair(name: "--version", ours: [executable, "--version"], curl: ["curl", "--version"], curlLabel: "curl --version",
                 pairs: short, target: 1.5),
            Pair(name: "one-shot send of a GET, --no-history", ours: [executable, "send", "Cli/get", "--collections", collections.path, "--no-history"],
                 curl: ["curl", "-s", "-i", url], curlLabel: "curl -s -i", pairs: short, target: 2),
            Pair(name: "run --repeat \(count) of one GET, --no-history",
                 ours: [executable, "run", "Cli/get", "--collections", collections.path, "--repeat", String(count), "--no-history"],
                 curl: ["curl", "-s", "-K", config.path], curlLabel: "curl -K (\(count) URLs)", pairs: long, target: 1.5),
        ]
        let hasCurl = ProcessRun.isInstalled("curl")
        for item in cases {
            var ours: [Double] = []
            var theirs: [Double] = []
            // One untimed pair first, as every case has, so the page cache holds both binaries.
            for attempt in 0...item.pairs {
                let run = try ProcessRun.checked(item.ours)
                if attempt > 0 { ours.append(run.seconds) }
                guard hasCurl else { continue }
                let reference = try ProcessRun.checked(item.curl)
                if attempt > 0 { theirs.append(reference.seconds) }
            }
            let name = "command line, whole process: \(item.name)"
            let target = String(format: "≤ %.1f× curl", item.target)
            guard hasCurl else {
                report(BenchRow(name: name, ours: BenchText.time(Median.of(ours)), reference: "curl not installed", ratio: "-", target: target, met: nil))
                continue
            }
            let ratio = Median.of(ours) / Median.of(theirs)
            report(BenchRow(name: name, ours: BenchText.time(Median.of(ours)), reference: "\(item.curlLabel) \(BenchText.time(Median.of(theirs)))",
                            ratio: String(format: "%.2f× curl", ratio), target: target, met: options.quick ? nil : ratio <= item.target))
        }
    }

    /// A collection `Cli` with one GET of the bench server's small body.
    static func write(baseURL: URL, in directory: URL) throws {
        let folder = directory.appendingPathComponent("Cli")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "name: Cli\nenvironments:\n  - name: bench\n    default: true\n    baseURL: \(baseURL.absoluteString)\n"
            .write(to: folder.appendingPathComponent("collection.yaml"), atomically: true, encoding: .utf8)
        try "name: Get\nmethod: GET\nurl: /small\n".write(to: folder.appendingPathComponent("get.yaml"), atomically: true, encoding: .utf8)
    }
}
