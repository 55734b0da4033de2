import Foundation
import TestSupport

/// Issue 45: what `apiexplorer proxy` costs a client. One curl process fetches the same URLs over keep-alive, straight
/// from the bench server and then through the proxy (history off: its cost is SQLite's, measured in the history rows).
enum ProxyBench {
    static func run(_ options: BenchOptions, executable: String, baseURL: URL, workDirectory: URL, report: (BenchRow) -> Void) throws {
        guard ProcessRun.isInstalled("curl") else {
            report(BenchRow(name: "sequential GETs through apiexplorer proxy", ours: "-", reference: "curl not installed", ratio: "-",
                            target: "≤ 2× direct", met: nil))
            return
        }
        let count = options.quick ? 20 : 200
        let config = workDirectory.appendingPathComponent("proxy-urls.txt")
        try String(repeating: "url = \"\(baseURL.appendingPathComponent("small").absoluteString)\"\noutput = \"/dev/null\"\n", count: count)
            .write(to: config, atomically: true, encoding: .utf8)
        let proxy = Process()
        proxy.executableURL = URL(fileURLWithPath: executable)
        proxy.arguments = ["proxy", "--port", "0", "--no-history"]
        // Its CA is made in a state directory of the test's own, never the user's.
        proxy.environment = HermeticEnvironment.applied(to: ProcessInfo.processInfo.environment)
        let output = Pipe()
        proxy.standardOutput = output
        proxy.standardError = FileHandle.nullDevice
        try proxy.run()
        defer {
            proxy.terminate()
            proxy.waitUntilExit()
        }
        // The first line names the address; the proxy prints a line per exchange after it, read away so it never blocks.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchFailure("apiexplorer proxy exited before listening") }
            first.append(chunk)
        }
        let reader = output.fileHandleForReading
        Thread.detachNewThread { while !reader.availableData.isEmpty {} }
        guard let address = String(decoding: first, as: UTF8.self).split(separator: " ").first(where: { $0.hasPrefix("http://") }) else {
            throw BenchFailure("apiexplorer proxy printed no address: \(String(decoding: first, as: UTF8.self))")
        }
        var direct: [Double] = []
        var proxied: [Double] = []
        for attempt in 0...options.runs {
            let straight = try ProcessRun.checked(["curl", "-q", "-s", "-K", config.path])
            let through = try ProcessRun.checked(["curl", "-q", "-s", "-x", String(address), "-K", config.path])
            if attempt > 0 {
                direct.append(straight.seconds)
                proxied.append(through.seconds)
            }
        }
        let ratio = Median.of(proxied) / Median.of(direct)
        report(BenchRow(name: "\(count) sequential GETs through apiexplorer proxy (curl, keep-alive)", ours: BenchText.time(Median.of(proxied)),
                        reference: "curl direct " + BenchText.time(Median.of(direct)), ratio: String(format: "%.2f× direct", ratio),
                        target: "≤ 2× direct", met: ratio <= 2))
    }
}
