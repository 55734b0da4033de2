import AsyncHTTPClient
import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Case 2: many small GETs over keep-alive connections, ExplorerCore against one curl process fetching the same URLs:
/// over the default transport (SwiftNIO on Linux) and, for comparison, over AsyncHTTPClient and URLSession.
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
        let overAHC = request.configured { $0.transport = .asyncHTTPClient }
        let hasCurl = ProcessRun.isInstalled("curl")

        var rawSequential: [Double] = []
        var ahcSequential: [Double] = []
        var oursCPU: [Double] = []
        var ahcCPU: [Double] = []
        var oursSequential: [Double] = []
        var urlSessionSequential: [Double] = []
        var ahcTransportSequential: [Double] = []
        var oursConcurrent: [Double] = []
        var curlSequential: [Double] = []
        var curlConcurrent: [Double] = []
        for attempt in 0...options.runs {
            let cpuBefore = processCPUSeconds()
            let sequential = try await Stopwatch.time {
                for _ in 0..<count { _ = try await request.send() }
            }
            let cpuOurs = processCPUSeconds() - cpuBefore
            let viaAHC = try await Stopwatch.time {
                for _ in 0..<count { _ = try await overAHC.send() }
            }
            let viaURLSession = try await Stopwatch.time {
                for _ in 0..<count { _ = try await overURLSession.send() }
            }
            // The same session with no ExplorerCore around it: how much of the time is URLSession's own.
            let raw = await Stopwatch.time {
                for _ in 0..<count { await fetch(url, session: ExplorerSession.shared) }
            }
            // AsyncHTTPClient with no ExplorerCore around it, configured as the transport is: what the core adds on top.
            let cpuBeforeAHC = processCPUSeconds()
            let ahc = try await Stopwatch.time {
                for _ in 0..<count { try await fetch(url, client: rawClient) }
            }
            let cpuAHC = processCPUSeconds() - cpuBeforeAHC
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
                ahcSequential.append(ahc)
                oursCPU.append(cpuOurs / Double(count))
                ahcCPU.append(cpuAHC / Double(count))
                oursSequential.append(sequential)
                urlSessionSequential.append(viaURLSession)
                ahcTransportSequential.append(viaAHC)
                oursConcurrent.append(concurrent)
            }
        }
        let transport = TransportKind.platformDefault == .swiftNIO ? "SwiftNIO" : "URLSession"
        report(row("\(count) sequential GETs, keep-alive (\(transport))", ours: oursSequential, curl: curlSequential, target: 1.2))
        report(row("\(count) GETs, \(options.concurrency) in flight (\(transport))", ours: oursConcurrent, curl: curlConcurrent, target: 1.2))
        report(row("\(count) sequential GETs, keep-alive, AsyncHTTPClient transport", ours: ahcTransportSequential, curl: curlSequential, target: nil))
        report(row("\(count) sequential GETs, keep-alive, URLSession transport", ours: urlSessionSequential, curl: curlSequential, target: nil))
        report(row("\(count) sequential GETs, URLSession alone (no ExplorerCore)", ours: rawSequential, curl: curlSequential, target: nil))
        report(row("\(count) sequential GETs, AsyncHTTPClient alone (no ExplorerCore)", ours: ahcSequential, curl: curlSequential, target: nil))
        // CPU time is steadier than wall time on a shared machine: what ExplorerCore costs over AHC, per request.
        let ours = Median.of(oursCPU), alone = Median.of(ahcCPU)
        report(BenchRow(name: "CPU per sequential GET, client process (user + system)", ours: String(format: "%.0f µs", ours * 1e6),
                        reference: String(format: "AsyncHTTPClient alone %.0f µs", alone * 1e6),
                        ratio: String(format: "%.2f× AHC alone", ours / max(alone, 1e-9)), target: "(none)", met: nil))
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

    /// A client set up as the transport's is (no redirects, decompression on), for the AsyncHTTPClient-alone row.
    private static let rawClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .enabled(limit: .none)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// One GET on `client` through the same delegate API the transport uses, gathering the body.
    private static func fetch(_ url: URL, client: HTTPClient) async throws {
        let request = try HTTPClient.Request(url: url, method: .GET, headers: ["Accept-Encoding": "gzip, deflate"])
        _ = try await client.execute(request: request, delegate: ResponseAccumulator(request: request)).futureResult.get()
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
