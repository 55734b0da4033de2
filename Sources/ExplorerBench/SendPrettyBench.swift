import Foundation

/// Case 6: `apiexplorer send --pretty format` of a large JSON body to a file against `curl | jq .` to a file.
enum SendPrettyBench {
    /// One row per large body size.
    static func run(_ options: BenchOptions, executable: String, collections: URL, baseURL: URL, workDirectory: URL,
                    report: (BenchRow) -> Void) throws {
        let hasReference = ProcessRun.isInstalled("curl") && ProcessRun.isInstalled("jq")
        for (index, size) in options.largeBodies.enumerated() {
            let output = workDirectory.appendingPathComponent("send-\(size).json").path
            let reference = workDirectory.appendingPathComponent("jq-\(size).json").path
            let arguments = [executable, "send", "Bench/b\(index)-large-\(size)", "--collections", collections.path,
                             "--env", "bench", "--pretty", "format", "--print", "b"]
            var ours: [Double] = []
            var peak = 0
            var theirs: [Double] = []
            for attempt in 0...options.runs {
                let run = try ProcessRun.checked(arguments, outputPath: output)
                if attempt > 0 {
                    ours.append(run.seconds)
                    peak = max(peak, run.maxRSSKilobytes)
                }
                if hasReference {
                    let pipeline = "curl -s '\(baseURL.absoluteString)/large/\(size)' | jq . > '\(reference)'"
                    let shell = try ProcessRun.checked(["sh", "-c", pipeline])
                    if attempt > 0 { theirs.append(shell.seconds) }
                }
            }
            let name = "send --pretty format \(BenchText.size(size)) JSON to a file"
            let oursText = BenchText.time(Median.of(ours)) + ", peak " + BenchText.memory(kilobytes: peak)
            if hasReference {
                let ratio = Median.of(ours) / Median.of(theirs)
                report(BenchRow(name: name, ours: oursText,
                                reference: "curl | jq . " + BenchText.time(Median.of(theirs)),
                                ratio: String(format: "%.2f× curl|jq", ratio), target: "≤ 1× curl|jq", met: ratio <= 1))
            } else {
                report(BenchRow(name: name, ours: oursText, reference: "curl or jq not installed", ratio: "-", target: "≤ 1× curl|jq", met: nil))
            }
            unlink(output)
            unlink(reference)
        }
    }
}
