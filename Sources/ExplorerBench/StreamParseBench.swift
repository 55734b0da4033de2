import ExplorerCore
import Foundation
import TestSupport

/// Issue 28: how fast a streamed body is split into events, in process, through `StreamEventReader` (the path the
/// transport feeds, piece by piece as the body arrives) over `ServerSentEventParser` and `NDJSONParser`, against a
/// plain scan for line feeds over the same bytes and `wc -l` on them in a file.
enum StreamParseBench {
    /// The transport hands bodies over in pieces about this large.
    static let piece = 65_536

    /// One row per format and event size.
    static func run(_ options: BenchOptions, workDirectory: URL, report: (BenchRow) -> Void) throws {
        let size = options.quick ? 1_000_000 : 100_000_000
        let filler = { (length: Int) in String(repeating: "lorem ipsum ", count: length / 12 + 1).prefix(length) }
        let shapes: [(name: String, format: StreamFormat, event: (Int) -> String)] = [
            ("SSE, 1 KB events", .serverSentEvents, { "id: \($0)\nevent: delta\ndata: {\"seq\":\($0),\"text\":\"\(filler(960))\"}\n\n" }),
            ("SSE, 100-byte events", .serverSentEvents, { "data: {\"seq\":\($0),\"delta\":\"\(filler(70))\"}\n\n" }),
            ("NDJSON, 1 KB lines", .jsonLines, { "{\"seq\":\($0),\"text\":\"\(filler(980))\"}\n" }),
            ("NDJSON, 100-byte lines", .jsonLines, { "{\"seq\":\($0),\"delta\":\"\(filler(80))\"}\n" }),
        ]
        let file = workDirectory.appendingPathComponent("stream-body")
        for shape in shapes {
            var body = Data()
            body.reserveCapacity(size + 2048)
            var sequence = 0
            while body.count < size {
                sequence += 1
                body.append(contentsOf: shape.event(sequence).utf8)
            }
            let pieces = stride(from: 0, to: body.count, by: piece).map { body.subdata(in: $0..<min(body.count, $0 + piece)) }
            var events = 0
            let parse = Median.of(Repetition.timings(runs: options.runs) {
                Stopwatch.time {
                    var reader = StreamEventReader(format: shape.format)
                    events = 0
                    for part in pieces { events += reader.read(part, time: 0).count }
                    events += reader.finish(time: 0).count
                }
            })
            guard events == sequence else { throw BenchFailure("\(shape.name): \(events) events parsed, \(sequence) written") }
            var lines = 0
            let scan = Median.of(Repetition.timings(runs: options.runs) {
                Stopwatch.time { lines = newlines(in: body) }
            })
            guard lines > 0 else { throw BenchFailure("\(shape.name): no line feeds") }
            try body.write(to: file)
            var wc = 0.0
            if ProcessRun.isInstalled("wc") {
                wc = Median.of(try Repetition.timings(runs: options.runs) { try ProcessRun.checked(["wc", "-l", file.path]).seconds })
            }
            let megabytes = Double(body.count) / 1e6
            let rate = megabytes / parse
            report(BenchRow(name: "parse \(BenchText.size(body.count)) body, \(shape.name) (\(sequence) events)",
                            ours: BenchText.rate(rate, seconds: parse),
                            reference: String(format: "line-feed scan %.0f MB/s", megabytes / scan) + (wc > 0 ? String(format: "; wc -l %.0f MB/s", megabytes / wc) : ""),
                            ratio: String(format: "%.2f× scan", scan / parse), target: "≥ 200 MB/s", met: options.quick ? nil : rate >= 200))
        }
        unlink(file.path)
    }

    /// How many line feeds `data` holds, read a byte at a time: the least any line splitter must do.
    static func newlines(in data: Data) -> Int {
        data.withUnsafeBytes { buffer in
            var count = 0
            for byte in buffer where byte == 0x0A { count += 1 }
            return count
        }
    }
}
