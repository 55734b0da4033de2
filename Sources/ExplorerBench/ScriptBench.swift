import DemoServer
import Foundation

/// Case: `apiexplorer run --repeat 200` of one request with a before script (an HMAC of the body in a header) and an
/// after script (two `pm.test`s and a `pm.environment.set`), against the same request without scripts, in the same
/// run. The engine is made once per run and each script compiled once, so scripts should cost little per request.
enum ScriptBench {
    /// How many times the request is sent.
    static func repetitions(_ options: BenchOptions) -> Int { options.quick ? 10 : 200 }

    /// One row: the scripted run against the plain one, and the cost per request.
    static func run(_ options: BenchOptions, executable: String, workDirectory: URL, report: (BenchRow) -> Void) async throws {
        let server = DemoServer()
        let port = try await server.start(port: 0)
        let collections = workDirectory.appendingPathComponent("script-collections")
        try write(baseURL: "http://127.0.0.1:\(port)", in: collections)
        let repetitions = repetitions(options)
        let few = max(1, repetitions / 10)
        // Medians of each collection at `repetitions` and at `few`: the difference between the two sizes is the cost of
        // the extra requests alone, without what a run pays once (start-up, loading JavaScriptCore, the context).
        var times: [String: [Double]] = [:]
        for attempt in 0...options.runs {
            for name in ["Scripted", "Plain"] {
                for count in [repetitions, few] {
                    let run = try ProcessRun.checked([executable, "run", name, "--collections", collections.path, "--repeat", String(count),
                                                     "--no-history"])
                    if attempt > 0 { times["\(name)\(count)", default: []].append(run.seconds) }
                }
            }
        }
        await server.stop(timeout: 0)
        func median(_ name: String, _ count: Int) -> Double { Median.of(times["\(name)\(count)"] ?? []) }
        let ratio = median("Scripted", repetitions) / median("Plain", repetitions)
        let extra = Double(repetitions - few)
        let perRequest = ((median("Scripted", repetitions) - median("Scripted", few)) - (median("Plain", repetitions) - median("Plain", few))) / extra
        report(BenchRow(name: "run --repeat \(repetitions), a before and an after script", ours: BenchText.time(median("Scripted", repetitions)),
                        reference: "without scripts \(BenchText.time(median("Plain", repetitions)))",
                        ratio: String(format: "%.2f× (scripts %.2f ms/request after the first)", ratio, perRequest * 1000),
                        target: "≤ 1.5× and < 0.5 ms/request", met: ratio <= 1.5 && perRequest < 0.0005))
    }

    /// Two collections with the same request, one with scripts.
    static func write(baseURL: String, in directory: URL) throws {
        try? FileManager.default.removeItem(at: directory)
        for (name, scripts) in [("Scripted", """
            scripts:
              before: |
                pm.request.headers.upsert({key: "X-Signature", value: crypto.hmacSHA256("k", pm.request.body.raw)})
              after: |
                const body = pm.response.json();
                pm.test("status", () => pm.response.to.have.status(201));
                pm.test("name", () => pm.expect(body.name).to.equal("Grace"));
                pm.environment.set("lastId", body.id);

            """), ("Plain", "")] {
            let collection = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: collection, withIntermediateDirectories: true)
            try "name: \(name)\nenvironments:\n  - name: bench\n    baseURL: \(baseURL)\n"
                .write(to: collection.appendingPathComponent("collection.yaml"), atomically: true, encoding: .utf8)
            try """
                method: POST
                url: /users
                body:
                  type: json
                  content: '{"name": "Grace", "username": "grace"}'
                \(scripts)
                """.write(to: collection.appendingPathComponent("create.yaml"), atomically: true, encoding: .utf8)
        }
    }
}
