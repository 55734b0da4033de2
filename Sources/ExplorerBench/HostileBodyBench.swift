import Foundation
import TestSupport

/// Case 7 (issue 14): peak memory of `apiexplorer send` on a large body into a file, a gzip bomb printed formatted,
/// and a bomb past the 1 GiB response limit, against `curl` fetching the same.
enum HostileBodyBench {
    /// The peak a send may reach, whatever the body's size.
    static let targetKilobytes = 64_000

    /// One row per case; the bomb past the limit is left out of quick runs (it has to inflate over 1 GiB).
    static func run(_ options: BenchOptions, executable: String, workDirectory: URL, report: (BenchRow) -> Void) throws {
        let text = options.quick ? 1_000_000 : 100_000_000
        let bomb = options.quick ? 4_000_000 : 200_000_000
        let server = try FaultServer(routes: [
            "/text": .largeBody(bytes: text), "/bomb": .gzipBomb(expandedBytes: bomb), "/huge": .gzipBomb(expandedBytes: 2 << 30),
            "/huger": .gzipBomb(expandedBytes: 6 << 30),
        ])
        defer { server.stop() }
        let collections = workDirectory.appendingPathComponent("hostile-collections")
        let folder = collections.appendingPathComponent("H")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "name: H\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n"
            .write(to: folder.appendingPathComponent("collection.yaml"), atomically: true, encoding: .utf8)
        for name in ["text", "bomb", "huge", "huger"] {
            try "url: /\(name)\ntimeout: 600\n".write(to: folder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        }
        var cases: [(name: String, request: String, arguments: [String], status: Int32)] = [
            ("send \(BenchText.size(text)) text body into a file, --pretty none: peak memory", "text", ["--pretty", "none"], 0),
            ("send \(BenchText.size(bomb)) gzip bomb, --pretty format: peak memory", "bomb", ["--pretty", "format"], 0),
        ]
        if !options.quick {
            cases.append(("send 2 GB gzip bomb past the 1 GiB limit: peak memory", "huge", ["--print", "m"], 2))
            // Three times the bomb, the same peak: the body streams through a bounded buffer and stops at the limit.
            cases.append(("send 6 GB gzip bomb past the 1 GiB limit: peak memory", "huger", ["--print", "m"], 2))
        }
        let output = workDirectory.appendingPathComponent("hostile-output").path
        for item in cases {
            let run = try ProcessRun.run([executable, "send", "H/\(item.request)", "--collections", collections.path] + item.arguments,
                                         outputPath: output)
            unlink(output)
            guard run.status == item.status else {
                throw BenchFailure("send H/\(item.request) exited with \(run.status), expected \(item.status)")
            }
            let ours = BenchText.memory(kilobytes: run.maxRSSKilobytes) + " (" + BenchText.time(run.seconds) + ")"
            let target = "peak < \(BenchText.memory(kilobytes: targetKilobytes))"
            let met = run.maxRSSKilobytes < targetKilobytes
            guard ProcessRun.isInstalled("curl") else {
                report(BenchRow(name: item.name, ours: ours, reference: "curl not installed", ratio: "-", target: target, met: met))
                continue
            }
            let curl = try ProcessRun.run(["curl", "-s", "--compressed", "--max-filesize", "1073741824",
                                           server.url("/\(item.request)").absoluteString], outputPath: output)
            unlink(output)
            let reference = "curl " + BenchText.memory(kilobytes: curl.maxRSSKilobytes) + " (" + BenchText.time(curl.seconds) + ")"
            let ratio = String(format: "%.1f× curl", Double(run.maxRSSKilobytes) / Double(max(1, curl.maxRSSKilobytes)))
            report(BenchRow(name: item.name, ours: ours, reference: reference, ratio: ratio, target: target, met: met))
        }
    }
}
