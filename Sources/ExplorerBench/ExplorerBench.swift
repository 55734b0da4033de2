import ArgumentParser
import Foundation
import TestSupport

/// Runs every benchmark case, prints each row as it is measured and writes the table to `Benchmarks/RESULTS.md`.
@main
struct ExplorerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explorer-bench",
        abstract: "Measure apiexplorer against curl and jq on loopback and write Benchmarks/RESULTS.md."
    )

    @Flag(help: "Tiny inputs and one repetition: checks that every case runs.")
    var quick = false

    @Option(help: "Timed repetitions per case, after one warm-up.")
    var runs = 5

    @Option(help: "Where to write the Markdown report (default: Benchmarks/RESULTS.md under the package root).")
    var output: String?

    @Option(help: "The package root, holding Collections/ (default: the current directory).")
    var root: String = FileManager.default.currentDirectoryPath

    @Option(help: "Only these cases, comma-separated: format, editor, history, http, launch, send, large, pretty, memory, run, scripts, load, cli, stream, parse, streammem, websocket, openapi, palette, proxy, completion.")
    var only: String?

    @Flag(help: .hidden)
    var serve = false

    mutating func run() async throws {
        let rootURL = URL(fileURLWithPath: root)
        let options = BenchOptions(quick: quick, runs: quick ? 1 : max(1, runs),
                                   output: output.map { URL(fileURLWithPath: $0) } ?? rootURL.appendingPathComponent("Benchmarks/RESULTS.md"),
                                   root: rootURL)
        if serve {
            var bodies: [Int: Data] = [:]
            for size in options.largeBodies { bodies[size] = JSONShape.arrayOfObjects.generate(size: size) }
            return try await BenchServerProcess.serve(bodies: bodies)
        }
        let cases = Set((only ?? "format,editor,history,http,launch,send,large,pretty,memory,run,scripts,load,cli,stream,parse,streammem,websocket,openapi,palette,proxy,completion").split(separator: ",").map(String.init))
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        var report = ResultsReport(quick: quick)
        let emit: (BenchRow) -> Void = { row in
            report.rows.append(row)
            FileHandle.standardOutput.write(Data((ResultsReport.line(row) + "\n").utf8))
        }

        if cases.contains("format") { try FormattingBench.run(options, workDirectory: work, report: emit) }
        if cases.contains("editor") { try EditorBench.run(options, workDirectory: work, report: emit) }
        if cases.contains("history") { try HistoryBench.run(options, workDirectory: work, report: emit) }
        // Issue 31: the command palette filtering as you type.
        if cases.contains("palette") { try PaletteBench.run(options, report: emit) }

        // The server runs in its own process, as it would for a person using curl or apiexplorer.
        let server = try BenchServerProcess(quick: quick)
        defer { server.stop() }
        let baseURL = server.baseURL
        let benchCollections = work.appendingPathComponent("bench-collections")
        try GeneratedCollections.writeBench(in: benchCollections, baseURL: baseURL, largeBodies: options.largeBodies)
        let largeCollections = work.appendingPathComponent("large-collections")
        try GeneratedCollections.writeLarge(in: largeCollections, count: options.generatedRequests)

        if cases.contains("http") { try await HTTPBench.run(options, baseURL: baseURL, workDirectory: work, report: emit) }

        let executable = try BuiltProducts.executable(named: "apiexplorer").path
        if !cases.isDisjoint(with: ["launch", "send", "large", "history"]) {
            let screen = try ScreenBench(options: options, executable: executable)
            defer { screen.finish() }
            if cases.contains("launch") {
                emit(try screen.launch(collections: options.root.appendingPathComponent("Collections"), firstCollection: "Demo",
                                       label: "bundled collections", target: 0.1))
                emit(try screen.launch(collections: largeCollections, firstCollection: "Generated",
                                       label: "\(options.generatedRequests) requests", target: 0.25))
            }
            if cases.contains("send") { emit(try screen.sendToStatus(collections: benchCollections)) }
            if cases.contains("history") {
                emit(try screen.sendToStatusWithHistory(collections: benchCollections, historyFile: work.appendingPathComponent("send-history.sqlite").path))
            }
            if cases.contains("large") {
                for (index, size) in options.largeBodies.enumerated() {
                    for row in try screen.largeBody(collections: benchCollections, size: size, index: index) { emit(row) }
                }
            }
        }
        if cases.contains("pretty") {
            try SendPrettyBench.run(options, executable: executable, collections: benchCollections, baseURL: baseURL,
                                    workDirectory: work, report: emit)
        }

        if cases.contains("run") {
            try await RunBench.run(options, executable: executable, workDirectory: work, report: emit)
        }

        if cases.contains("scripts") {
            try await ScriptBench.run(options, executable: executable, workDirectory: work, report: emit)
        }

        if cases.contains("load") {
            try LoadBench.run(options, executable: executable, workDirectory: work, report: emit)
        }

        if cases.contains("cli") {
            try CLIBench.run(options, executable: executable, baseURL: baseURL, workDirectory: work, report: emit)
        }

        if cases.contains("memory") {
            try HostileBodyBench.run(options, executable: executable, workDirectory: work, report: emit)
        }

        // Issue 28: streams and sockets.
        if cases.contains("parse") { try StreamParseBench.run(options, workDirectory: work, report: emit) }
        if cases.contains("stream") {
            try StreamLatencyBench.run(options, executable: executable, workDirectory: work, report: emit)
        }
        if cases.contains("streammem") {
            try StreamMemoryBench.run(options, executable: executable, workDirectory: work, report: emit)
        }
        if cases.contains("websocket") { try await WebSocketEchoBench.run(options, workDirectory: work, report: emit) }
        // Issue 45: the capturing proxy's cost to a client.
        if cases.contains("proxy") {
            try ProxyBench.run(options, executable: executable, baseURL: baseURL, workDirectory: work, report: emit)
        }
        // Issue 46: the shell's Tab on a reference, a process per Tab.
        if cases.contains("completion") {
            try CompletionBench.run(options, executable: executable, workDirectory: work, report: emit)
        }
        // Issue 29: a large OpenAPI description.
        if cases.contains("openapi") { try OpenAPIBench.run(options, executable: executable, workDirectory: work, report: emit) }

        try FileManager.default.createDirectory(at: options.output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try report.markdown(root: options.root).write(to: options.output, atomically: true, encoding: .utf8)
        FileHandle.standardOutput.write(Data("Wrote \(options.output.path)\n".utf8))
    }
}
