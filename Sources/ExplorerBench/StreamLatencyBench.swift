import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 28: how long a server-sent event takes from the server's `write` to where a person sees it, median and p99
/// over a stream of events that each carry their sequence number (`id`) and send time: on standard output of
/// `apiexplorer send` against `curl -N` on the same stream, and on the explorer's screen (the status line's event count,
/// read through a tmux control-mode client, see `TmuxControlClient`).
enum StreamLatencyBench {
    /// Events a stream carries.
    static func events(_ options: BenchOptions) -> Int { options.quick ? 20 : 1000 }

    /// One row for standard output, two for the screen (events 50 ms apart, and 5 ms apart, where the explorer
    /// draws them in batches).
    static func run(_ options: BenchOptions, executable: String, workDirectory: URL, report: (BenchRow) -> Void) throws {
        let server = try PacedEventServer()
        defer { server.stop() }
        let count = events(options)
        let collections = workDirectory.appendingPathComponent("stream-collections")
        try StreamCollection.write(in: collections, baseURL: server.baseURL, events: count, bulkBytes: 1_000_000)
        let fast = StreamCollection.requests(events: count, bulkBytes: 1_000_000)[0]
        let target = "median < 5 ms, p99 < 16 ms"

        let ours = try stdoutLatencies([executable, "send", "S/\(fast.file)", "--collections", collections.path, "--no-history"],
                                       server: server, count: count)
        let name = "SSE event written → on stdout (`send`), \(count) events 5 ms apart"
        let met = options.quick ? nil : Median.of(ours) < 0.005 && Percentile.of(ours, 99) < 0.016
        if ProcessRun.isInstalled("curl") {
            let curl = try stdoutLatencies(["curl", "-N", "-s", server.baseURL.absoluteString + fast.url], server: server, count: count)
            report(BenchRow(name: name, ours: spread(ours), reference: "curl -N " + spread(curl),
                            ratio: String(format: "%.1f× curl (median)", Median.of(ours) / max(Median.of(curl), 1e-9)), target: target, met: met))
        } else {
            report(BenchRow(name: name, ours: spread(ours), reference: "curl not installed", ratio: "-", target: target, met: met))
        }

        let session = try TmuxSession(arguments: ["sleep", "1000000"], width: 120, height: 40)
        defer { session.kill() }
        for (row, request) in StreamCollection.requests(events: count, bulkBytes: 1_000_000).enumerated().prefix(2).reversed() {
            let (times, roundTrips) = try screenLatencies(session: session, executable: executable, collections: collections,
                                                          row: row + 1, url: request.url, server: server, count: count)
            let apart = row == 0 ? "5 ms" : "50 ms"
            report(BenchRow(name: "SSE event written → on screen (explorer's event count), \(count) events \(apart) apart",
                            ours: spread(times), reference: "tmux capture round trip " + spread(roundTrips), ratio: "-", target: target,
                            met: options.quick ? nil : Median.of(times) < 0.005 && Percentile.of(times, 99) < 0.016))
        }
    }

    /// `median 1.2 ms, p99 3.4 ms`.
    static func spread(_ seconds: [Double]) -> String {
        String(format: "median %.2f ms, p99 %.2f ms", Median.of(seconds) * 1000, Percentile.of(seconds, 99) * 1000)
    }

    /// Runs `arguments`, reading its standard output as it comes, and returns for each event (by its `id: N`, which
    /// both `send`'s event header and the raw stream curl prints carry) the seconds from the server's write to the
    /// read that brought it.
    private static func stdoutLatencies(_ arguments: [String], server: PacedEventServer, count: Int) throws -> [Double] {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let fd = pipe.fileHandleForReading.fileDescriptor
        var arrivals = [UInt64?](repeating: nil, count: count)
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            let now = PacedEventServer.now()
            for byte in buffer[0..<read] {
                guard byte == 0x0A else {
                    line.append(byte)
                    continue
                }
                if let id = eventID(in: line), id >= 1, id <= count, arrivals[id - 1] == nil { arrivals[id - 1] = now }
                line.removeAll(keepingCapacity: true)
            }
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure("\(arguments.joined(separator: " ")) exited with \(process.terminationStatus)") }
        return try latencies(arrivals, sent: server.sentTimes, what: arguments[0])
    }

    /// The number after `id: ` in `line`, if there is one.
    private static func eventID(in line: [UInt8]) -> Int? {
        let marker = Array("id: ".utf8)
        guard line.count > marker.count else { return nil }
        for start in 0...(line.count - marker.count) where line[start..<(start + marker.count)].elementsEqual(marker) {
            let digits = line[(start + marker.count)...].prefix { $0 >= 0x30 && $0 <= 0x39 }
            if let id = Int(String(decoding: digits, as: UTF8.self)) { return id }
        }
        return nil
    }

    /// Seconds from each event's write to its arrival; fails when an event never arrived.
    private static func latencies(_ arrivals: [UInt64?], sent: [UInt64], what: String) throws -> [Double] {
        guard sent.count == arrivals.count else { throw BenchFailure("the server wrote \(sent.count) of \(arrivals.count) events to \(what)") }
        return try zip(arrivals, sent).enumerated().map { index, pair in
            guard let arrival = pair.0 else { throw BenchFailure("event \(index + 1) never showed (\(what))") }
            return Double(Int64(bitPattern: arrival &- pair.1)) / 1e9
        }
    }

    /// Starts the explorer in `session`, sends the request on tree row `row` and returns, for each event, the seconds
    /// from the server's write to the first screen whose status line counted it, and the capture round trips.
    private static func screenLatencies(session: TmuxSession, executable: String, collections: URL, row: Int, url: String,
                                        server: PacedEventServer, count: Int) throws -> ([Double], [Double]) {
        try session.respawn([executable, "--collections", collections.path], environment: ["LANG": "C.UTF-8", "APIEXPLORER_HISTORY": "off"])
        try session.waitFor("?/F1", timeout: 30)
        for _ in 0..<row { try session.sendKeys("j") }
        try session.waitFor(url, timeout: 10)
        let control = try TmuxControlClient(session: session)
        defer { control.close() }
        var arrivals = [UInt64?](repeating: nil, count: count)
        var shown = 0
        try session.sendKeys("Enter")
        try control.watch(timeout: Double(count) * 0.05 + 60) { screen, now in
            if let counted = streamingCount(screen), counted > shown {
                for index in shown..<min(counted, count) { arrivals[index] = now }
                shown = counted
            }
            // The stream's end replaces the count with the response's status.
            return shown >= count || screen.contains("200 OK")
        }
        try session.waitFor("200 OK", timeout: 30)
        try session.respawn(["sleep", "1000000"])
        return (try latencies(arrivals, sent: server.sentTimes, what: "the explorer"), control.roundTrips)
    }

    /// N in the response pane's `streaming · N events`.
    private static func streamingCount(_ screen: String) -> Int? {
        guard let range = screen.range(of: "streaming · ") else { return nil }
        return Int(String(screen[range.upperBound...].prefix { $0.isASCII && $0.isNumber }))
    }
}
