import Foundation
import TestSupport

/// Issue 28: the peak memory (VmHWM) of apiexplorer while a large server-sent event stream passes through `send`
/// (printing every event to /dev/null), against `curl -N` on the same stream, and through the explorer (in tmux,
/// from the send key until the response's status replaces the live count).
enum StreamMemoryBench {
    /// The peak either may reach, whatever the stream's length.
    static let targetKilobytes = 100_000

    /// Two rows: `send` and the explorer.
    static func run(_ options: BenchOptions, executable: String, workDirectory: URL, report: (BenchRow) -> Void) throws {
        let bytes = options.quick ? 2_000_000 : 1_000_000_000
        let server = try PacedEventServer()
        defer { server.stop() }
        let collections = workDirectory.appendingPathComponent("stream-memory-collections")
        try StreamCollection.write(in: collections, baseURL: server.baseURL, events: 1, bulkBytes: bytes)
        let bulk = StreamCollection.requests(events: 1, bulkBytes: bytes)[2]
        let label = BenchText.size(bytes)
        let target = "peak < \(BenchText.memory(kilobytes: targetKilobytes))"

        let send = try ProcessRun.checked([executable, "send", "S/\(bulk.file)", "--collections", collections.path, "--no-history"])
        let ours = BenchText.memory(kilobytes: send.maxRSSKilobytes) + " (" + BenchText.time(send.seconds) + ")"
        let name = "\(label) SSE stream through `send` (events printed to /dev/null): peak memory"
        let met = send.maxRSSKilobytes < targetKilobytes
        if ProcessRun.isInstalled("curl") {
            let curl = try ProcessRun.checked(["curl", "-N", "-s", server.baseURL.absoluteString + bulk.url])
            report(BenchRow(name: name, ours: ours,
                            reference: "curl -N " + BenchText.memory(kilobytes: curl.maxRSSKilobytes) + " (" + BenchText.time(curl.seconds) + ")",
                            ratio: String(format: "%.1f× curl", Double(send.maxRSSKilobytes) / Double(max(1, curl.maxRSSKilobytes))),
                            target: target, met: met))
        } else {
            report(BenchRow(name: name, ours: ours, reference: "curl not installed", ratio: "-", target: target, met: met))
        }

        let session = try TmuxSession(arguments: ["sleep", "1000000"], width: 120, height: 40)
        defer { session.kill() }
        try session.respawn([executable, "--collections", collections.path], environment: ["LANG": "C.UTF-8", "APIEXPLORER_HISTORY": "off"])
        try session.waitFor("?/F1", timeout: 30)
        for _ in 0..<3 { try session.sendKeys("j") }
        try session.waitFor(bulk.url, timeout: 10)
        let pid = try session.panePID
        let before = ProcessRun.highWaterKilobytes(pid) ?? 0
        let watch = Stopwatch()
        try session.sendKeys("Enter")
        try session.waitUntil(timeout: 600, interval: 0.1) { $0.contains("200 OK") }
        let seconds = watch.seconds
        guard let peak = ProcessRun.highWaterKilobytes(pid) else { throw BenchFailure("the explorer (pid \(pid)) is gone") }
        try session.respawn(["sleep", "1000000"])
        report(BenchRow(name: "\(label) SSE stream in the explorer (send key to status): peak memory",
                        ours: BenchText.memory(kilobytes: peak) + " (" + BenchText.time(seconds) + ")",
                        reference: "\(BenchText.memory(kilobytes: before)) before sending", ratio: "-", target: target,
                        met: peak < targetKilobytes))
    }
}
