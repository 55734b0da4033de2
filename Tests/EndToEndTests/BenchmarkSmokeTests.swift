import Foundation
import Testing
import TestSupport

/// Runs the benchmark program on tiny inputs: every case must run and land in the report. It measures nothing;
/// `scripts/bench.sh` does the real run in release mode.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct BenchmarkSmokeTests {
    @Test func everyCaseRunsOnTinyInputsAndIsReported() throws {
        let bench = try BuiltProducts.executable(named: "ExplorerBench")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-smoke-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("RESULTS.md")
        let log = directory.appendingPathComponent("log.txt")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        // Package root: Tests/EndToEndTests/BenchmarkSmokeTests.swift → three levels up.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

        let process = Process()
        process.executableURL = bench
        process.arguments = ["--quick", "--output", report.path, "--root", root.path]
        // Output goes to a file: the tmux server the benchmark starts would keep a pipe open after it exits.
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "explorer-bench failed:\n\(printed)")

        let markdown = try String(contentsOf: report, encoding: .utf8)
        #expect(markdown.contains("| case | apiexplorer | reference | ratio | target | met |"))
        for name in ["format 100 KB array of objects", "format 100 KB deep nesting", "escaped strings", "20 sequential GETs, keep-alive", "20 sequential GETs, URLSession alone",
                     "CPU per sequential GET",
                     "20 GETs, 5 in flight", "launch to first frame, bundled collections", "launch to first frame, 50 requests",
                     "send key to status, small response", "200 KB JSON: send key to first page", "200 KB JSON: PageDown",
                     "200 KB JSON: G (jump to end)", "200 KB JSON: peak RSS", "send --pretty format 200 KB JSON to a file",
                     "send 1 MB text body into a file, --pretty none: peak memory", "send 4 MB gzip bomb, --pretty format: peak memory",
                     "type a key in the body editor", "open the Body tab of a", "history database size per 1,000 small exchanges",
                     "open the history list over 2000 kept exchanges", "send key to status, history on",
                     "run 20 requests, 2 checks each, sequential", "run 20 requests, 2 checks each, --parallel 8",
                     "command line, whole process: --version", "command line, whole process: one-shot send of a GET",
                     "command line, whole process: run --repeat 20 of one GET",
                     "parse 1 MB body, SSE, 1 KB events", "parse 1 MB body, SSE, 100-byte events", "parse 1 MB body, NDJSON, 1 KB lines",
                     "parse 1 MB body, NDJSON, 100-byte lines", "SSE event written → on stdout (`send`), 20 events 5 ms apart",
                     "SSE event written → on screen (explorer's event count), 20 events 50 ms apart",
                     "SSE event written → on screen (explorer's event count), 20 events 5 ms apart",
                     "2 MB SSE stream through `send` (events printed to /dev/null): peak memory",
                     "2 MB SSE stream in the explorer (send key to status): peak memory",
                     "WebSocket echo round trip (`WebSocketClient`), 20 messages",
                     "import openapi, ", "launch to first frame, imported OpenAPI, ",
                     "palette: type a key, ", "palette: open on ", "run --repeat 10, a before and an after script",
                     "load --concurrency 32", "sequential GETs through apiexplorer proxy",
                     "shell completion, whole process: `send Nes`", "shell completion, whole process: `--env` after"] {
            #expect(markdown.contains(name), "missing row \(name)")
        }
        // Every timing row carries a number with a unit: a case that silently measured nothing would show up here.
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| case") && !$0.hasPrefix("| ---") }
        // The load case measures two rows beside nginx and wrk, and says in one that it skipped without them.
        let loadSkipped = markdown.contains("skipped: nginx and wrk are not installed")
        #expect(rows.count == (loadSkipped ? 52 : 53))
        #expect(rows.allSatisfy { row in
            [" ms", " µs", " MB", " KB", " req/s"].contains { row.contains($0) } || (loadSkipped && row.contains("skipped: nginx and wrk"))
        })
        #expect(markdown.contains("Commit:") && markdown.contains("Machine:"))
    }
}
