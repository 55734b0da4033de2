import DemoServer
import Foundation

/// Case: `apiexplorer run` of 1,000 requests (each with a status and a JSONPath check) against the demo API,
/// sequential and `--parallel 8`, against one curl process fetching the same URLs (sequential, and `-Z` with 8 at once).
enum RunBench {
    /// How many requests a run sends.
    static func count(_ options: BenchOptions) -> Int { options.quick ? 20 : 1000 }

    /// Two rows: sequential and 8 in parallel; time per request against curl's.
    static func run(_ options: BenchOptions, executable: String, workDirectory: URL, report: (BenchRow) -> Void) async throws {
        // The demo API in this process; apiexplorer and curl are each their own process, as a person would run them.
        let server = DemoServer()
        let port = try await server.start(port: 0)
        let base = "http://127.0.0.1:\(port)"
        let count = count(options)
        let collections = workDirectory.appendingPathComponent("run-collections")
        try write(count: count, baseURL: base, in: collections)
        let config = workDirectory.appendingPathComponent("run-curl.txt")
        try (0..<count).map { "url = \"\(base)/users/\($0 % 5 + 1)\"\noutput = \"/dev/null\"\n" }.joined()
            .write(to: config, atomically: true, encoding: .utf8)
        let hasCurl = ProcessRun.isInstalled("curl")
        for parallel in [1, 8] {
            var ours: [Double] = []
            var theirs: [Double] = []
            for attempt in 0...options.runs {
                let run = try ProcessRun.checked([executable, "run", "RunBench", "--collections", collections.path, "--parallel", String(parallel),
                                                 "--no-history"])
                if attempt > 0 { ours.append(run.seconds) }
                if hasCurl {
                    let curl = parallel == 1 ? ["curl", "-s", "-K", config.path]
                        : ["curl", "-s", "-Z", "--parallel-max", String(parallel), "-K", config.path]
                    let reference = try ProcessRun.checked(curl)
                    if attempt > 0 { theirs.append(reference.seconds) }
                }
            }
            let name = "run \(count) requests, 2 checks each, " + (parallel == 1 ? "sequential" : "--parallel \(parallel)")
            let perRequest = Median.of(ours) / Double(count)
            let oursText = "\(BenchText.time(Median.of(ours))) (\(String(format: "%.2f", perRequest * 1000)) ms/request)"
            guard hasCurl else {
                report(BenchRow(name: name, ours: oursText, reference: "curl not installed", ratio: "-", target: "(none)", met: nil))
                continue
            }
            let curlPer = Median.of(theirs) / Double(count)
            report(BenchRow(name: name, ours: oursText,
                            reference: "curl\(parallel == 1 ? "" : " -Z") \(BenchText.time(Median.of(theirs))) (\(String(format: "%.2f", curlPer * 1000)) ms/request)",
                            ratio: String(format: "%.2f× curl", perRequest / curlPer), target: "(none)", met: nil))
        }
        await server.stop(timeout: 0)
    }

    /// A collection `RunBench` of `count` GET requests to the demo API's users, each checking its status and its id.
    static func write(count: Int, baseURL: String, in directory: URL) throws {
        let collection = directory.appendingPathComponent("RunBench")
        try? FileManager.default.removeItem(at: collection)
        try FileManager.default.createDirectory(at: collection, withIntermediateDirectories: true)
        try "name: RunBench\nenvironments:\n  - name: bench\n    baseURL: \(baseURL)\n"
            .write(to: collection.appendingPathComponent("collection.yaml"), atomically: true, encoding: .utf8)
        for index in 0..<count {
            let id = index % 5 + 1
            try "url: /users/\(id)\nchecks:\n  - status: 200\n  - json: $.id\n    equals: \(id)\n"
                .write(to: collection.appendingPathComponent(String(format: "r%04d.yaml", index)), atomically: true, encoding: .utf8)
        }
    }
}
