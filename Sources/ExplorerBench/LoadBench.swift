import Foundation

/// Case: `apiexplorer load --concurrency 32` against nginx returning a short body, beside `wrk -c32` on the same
/// server in the same run (issue 43: at least 0.7× wrk's requests a second), and 200,000 requests at 32 connections
/// under 100 MB peak RSS. Both tools are Debian packages (`apt-get install nginx-light wrk`); the case says so and
/// skips when one is missing.
enum LoadBench {
    /// Seconds each tool runs.
    static func seconds(_ options: BenchOptions) -> Int { options.quick ? 2 : 5 }

    static func run(_ options: BenchOptions, executable: String, workDirectory: URL, report: (BenchRow) -> Void) throws {
        guard let nginx = which("nginx") ?? ["/usr/sbin/nginx"].first(where: FileManager.default.isExecutableFile), let wrk = which("wrk") else {
            report(BenchRow(name: "load --concurrency 32 vs wrk -c32 (nginx)", ours: "-", reference: "-", ratio: "skipped: nginx and wrk are not installed",
                            target: "≥ 0.7× wrk", met: nil))
            return
        }
        let port = try freePort()
        let directory = workDirectory.appendingPathComponent("load-nginx")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try """
            worker_processes 1;
            daemon off;
            pid \(directory.path)/nginx.pid;
            error_log \(directory.path)/error.log;
            events { worker_connections 1024; }
            http {
              access_log off;
              server {
                listen 127.0.0.1:\(port);
                location / { default_type text/plain; return 200 "hello\\n"; }
              }
            }
            """.write(to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: nginx)
        server.arguments = ["-c", directory.appendingPathComponent("nginx.conf").path, "-p", directory.path]
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate() }
        Thread.sleep(forTimeInterval: 0.5)
        let collections = directory.appendingPathComponent("collections")
        try FileManager.default.createDirectory(at: collections.appendingPathComponent("N"), withIntermediateDirectories: true)
        try "name: N\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:\(port)\n"
            .write(to: collections.appendingPathComponent("N/collection.yaml"), atomically: true, encoding: .utf8)
        try "url: /\nchecks:\n  - status: 200\n".write(to: collections.appendingPathComponent("N/hello.yaml"), atomically: true, encoding: .utf8)

        var ours: [Double] = []
        var theirs: [Double] = []
        let duration = seconds(options)
        for attempt in 0...options.runs {
            let wrkOut = directory.appendingPathComponent("wrk.txt").path
            _ = try ProcessRun.run([wrk, "-t2", "-c32", "-d\(duration)s", "http://127.0.0.1:\(port)/"], outputPath: wrkOut)
            let json = directory.appendingPathComponent("load.json").path
            _ = try ProcessRun.checked([executable, "load", "N/hello", "--collections", collections.path, "--concurrency", "32", "--connections", "32",
                                        "--duration", "\(duration)s", "--report", "json", json])
            guard attempt > 0 else { continue }
            theirs.append(wrkRate(try String(contentsOfFile: wrkOut, encoding: .utf8)))
            ours.append(try loadRate(json))
        }
        let ratio = Median.of(ours) / max(1, Median.of(theirs))
        report(BenchRow(name: "load --concurrency 32, \(duration) s, nginx short body", ours: String(format: "%.0f req/s", Median.of(ours)),
                        reference: String(format: "wrk -t2 -c32 %.0f req/s", Median.of(theirs)), ratio: String(format: "%.2f× wrk", ratio),
                        target: "≥ 0.7× wrk", met: ratio >= 0.7))
        let requests = options.quick ? 20_000 : 200_000
        let memory = try ProcessRun.checked([executable, "load", "N/hello", "--collections", collections.path, "--concurrency", "32", "--connections", "32",
                                             "--requests", String(requests)])
        report(BenchRow(name: "load --requests \(requests) --concurrency 32, peak RSS", ours: "\(memory.maxRSSKilobytes / 1024) MB",
                        reference: "-", ratio: String(format: "%.1f s", memory.seconds), target: "< 100 MB", met: memory.maxRSSKilobytes < 100 * 1024))
    }

    private static func which(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func wrkRate(_ output: String) -> Double {
        output.split(separator: "\n").first { $0.hasPrefix("Requests/sec:") }
            .flatMap { Double($0.dropFirst("Requests/sec:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    private static func loadRate(_ path: String) throws -> Double {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["rate"] as? Double ?? 0
    }

    /// A loopback port nothing listens on now.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw BenchFailure("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
