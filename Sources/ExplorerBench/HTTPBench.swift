import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Case 2: many small GETs over keep-alive connections, ExplorerCore against one curl process fetching the same URLs:
/// over the default transport (SwiftNIO on Linux) and, for comparison, over URLSession.
enum HTTPBench {
    /// Two rows: sequential and concurrent.
    static func run(_ options: BenchOptions, baseURL: URL, workDirectory: URL, report: (BenchRow) -> Void) async throws {
        let url = baseURL.appendingPathComponent("small")
        let count = options.requestCount
        let config = workDirectory.appendingPathComponent("curl-urls.txt")
        try String(repeating: "url = \"\(url.absoluteString)\"\noutput = \"/dev/null\"\n", count: count)
            .write(to: config, atomically: true, encoding: .utf8)
        let request = Request(.get, url: url)
        let overURLSession = request.configured { $0.transport = .urlSession }
        let hasCurl = ProcessRun.isInstalled("curl")

        var rawSequential: [Double] = []
        var oursCPU: [Double] = []
        var oursSequential: [Double] = []
        var urlSessionSequential: [Double] = []
        var oursConcurrent: [Double] = []
        var curlSequential: [Double] = []
        var curlConcurrent: [Double] = []
        for attempt in 0...options.runs {
            let cpuBefore = processCPUSeconds()
            let sequential = try await Stopwatch.time {
                for _ in 0..<count { _ = try await request.send() }
            }
            let cpuOurs = processCPUSeconds() - cpuBefore
            let viaURLSession = try await Stopwatch.time {
                for _ in 0..<count { _ = try await overURLSession.send() }
            }
            // The same session with no ExplorerCore around it: how much of the time is URLSession's own.
            let raw = await Stopwatch.time {
                for _ in 0..<count { await fetch(url, session: ExplorerSession.shared) }
            }
            let concurrent = try await Stopwatch.time {
                try await sendConcurrently(request, count: count, inFlight: options.concurrency)
            }
            if hasCurl {
                let one = try ProcessRun.checked(["curl", "-s", "-K", config.path])
                let many = try ProcessRun.checked(["curl", "-s", "-Z", "--parallel-max", "\(options.concurrency)", "-K", config.path])
                if attempt > 0 {
                    curlSequential.append(one.seconds)
                    curlConcurrent.append(many.seconds)
                }
            }
            if attempt > 0 {
                rawSequential.append(raw)
                oursCPU.append(cpuOurs / Double(count))
                oursSequential.append(sequential)
                urlSessionSequential.append(viaURLSession)
                oursConcurrent.append(concurrent)
            }
        }
        let transport = TransportKind.platformDefault == .swiftNIO ? "SwiftNIO" : "URLSession"
        report(row("\(count) sequential GETs, keep-alive (\(transport))", ours: oursSequential, curl: curlSequential, target: 1.2))
        report(row("\(count) GETs, \(options.concurrency) in flight (\(transport))", ours: oursConcurrent, curl: curlConcurrent, target: 1.2))
        report(row("\(count) sequential GETs, keep-alive, URLSession transport", ours: urlSessionSequential, curl: curlSequential, target: nil))
        report(row("\(count) sequential GETs, URLSession alone (no ExplorerCore)", ours: rawSequential, curl: curlSequential, target: nil))
        // CPU time is steadier than wall time on a shared machine: what a request costs the client process.
        report(BenchRow(name: "CPU per sequential GET, client process (user + system)", ours: String(format: "%.0f µs", Median.of(oursCPU) * 1e6),
                        reference: "-", ratio: "-", target: "(none)", met: nil))
    }

    /// User plus system CPU seconds this process has used (every thread).
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    private static func fetch(_ url: URL, session: URLSession) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            session.dataTask(with: url) { _, _, _ in continuation.resume() }.resume()
        }
    }

    private static func sendConcurrently(_ request: Request, count: Int, inFlight: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var started = 0
            while started < min(inFlight, count) {
                group.addTask { _ = try await request.send() }
                started += 1
            }
            while try await group.next() != nil {
                if started < count {
                    group.addTask { _ = try await request.send() }
                    started += 1
                }
            }
        }
    }

    private static func row(_ name: String, ours: [Double], curl: [Double], target: Double?) -> BenchRow {
        let oursTime = Median.of(ours)
        guard !curl.isEmpty else {
            return BenchRow(name: name, ours: BenchText.time(oursTime), reference: "curl not installed", ratio: "-",
                            target: target.map { String(format: "≤ %.1f× curl", $0) } ?? "-", met: nil)
        }
        let ratio = oursTime / Median.of(curl)
        return BenchRow(name: name, ours: BenchText.time(oursTime), reference: "curl " + BenchText.time(Median.of(curl)),
                        ratio: String(format: "%.2f× curl", ratio),
                        target: target.map { String(format: "≤ %.1f× curl", $0) } ?? "(none)", met: target.map { ratio <= $0 })
    }
}
