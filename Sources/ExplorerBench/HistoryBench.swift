import ExplorerCore
import ExplorerHistory
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// History's costs, in process: opening the history list over 100,000 kept exchanges (the query, the model taking
/// the rows, the first frame drawn), and the database's size per 1,000 small exchanges against their raw bytes.
enum HistoryBench {
    static func run(_ options: BenchOptions, workDirectory: URL, report: (BenchRow) -> Void) throws {
        let path = workDirectory.appendingPathComponent("bench-history.sqlite").path
        let store = try HistoryStore(path: path, limits: HistoryLimits(totalBytes: 4 << 30))
        let total = options.quick ? 2_000 : 100_000
        let batch = 1_000
        var rawBytes = 0
        for start in stride(from: 0, to: total, by: batch) {
            let exchanges = (start..<min(total, start + batch)).map { exchange($0) }
            if start == 0 { rawBytes = exchanges.reduce(0) { $0 + rawSize($1) } }
            try store.record(contentsOf: exchanges)
            if start == 0 {
                _ = try? store.usedBytes()
                let perThousand = try store.usedBytes()
                report(BenchRow(name: "history database size per 1,000 small exchanges", ours: MeasurementText.byteCount(perThousand),
                                reference: "raw \(MeasurementText.byteCount(rawBytes))",
                                ratio: String(format: "%.2f× raw", Double(perThousand) / Double(max(rawBytes, 1))), target: "(none)", met: nil))
            }
        }
        var opens: [Double] = []
        var queries: [Double] = []
        for attempt in 0...options.runs {
            var model = ExplorerModel(collections: [], width: 120, height: 40)
            _ = model.update(.historyOpened)
            let open = Stopwatch.time {
                let effects = model.update(.keyPressed(.character("L")))
                guard case let .loadHistory(id, query)? = effects.first, let entries = try? store.entries(matching: query) else { return }
                _ = model.update(.historyListed(id: id, entries: entries, environments: (try? store.environments()) ?? []))
                _ = ExplorerView.render(model)
            }
            // The reference: the query alone.
            let query = Stopwatch.time { _ = try? store.entries(matching: HistoryQuery(limit: HistoryPanel.rowLimit)) }
            guard model.modal?.historyPanel?.entries.count == min(total, HistoryPanel.rowLimit) else { throw BenchFailure("the history list did not fill") }
            if attempt > 0 {
                opens.append(open)
                queries.append(query)
            }
        }
        let open = Median.of(opens)
        report(BenchRow(name: "open the history list over \(total) kept exchanges (query, rows, first frame)",
                        ours: String(format: "%.1f ms", open * 1000), reference: String(format: "query alone %.1f ms", Median.of(queries) * 1000),
                        ratio: String(format: "%.1f× query", open / max(Median.of(queries), 1e-9)), target: "< 50 ms", met: open < 0.05))
    }

    /// A small exchange like a JSON API's: a dozen headers each way and a 300-byte body.
    private static func exchange(_ index: Int) -> HistoryExchange {
        let body = Data(("{\"id\":\(index),\"name\":\"user \(index)\",\"email\":\"user\(index)@example.com\",\"tags\":[\"a\",\"b\",\"c\"],"
                         + "\"address\":{\"street\":\"\(index) Main Street\",\"city\":\"Springfield\",\"zip\":\"12345\"},"
                         + "\"bio\":\"" + String(repeating: "x", count: 120) + "\"}").utf8)
        let requestHeaders = [Header("Accept", "application/json"), Header("User-Agent", "apiexplorer/0.1"), Header("Authorization", "Bearer ••••••")]
        let responseHeaders = [Header("Content-Type", "application/json"), Header("Content-Length", "\(body.count)"),
                               Header("Date", "Tue, 24 Nov 2026 23:00:00 GMT"), Header("Server", "bench"), Header("Cache-Control", "no-cache")]
        return HistoryExchange(sentAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(index)), reference: "Bench/users/get-\(index % 50)",
                               environment: index % 3 == 0 ? "staging" : "local", source: "bench",
                               request: HistoryRequest(method: "GET", url: "http://127.0.0.1:8080/users/\(index)", headers: requestHeaders, body: .empty),
                               response: HistoryResponse(status: index % 17 == 0 ? 404 : 200, reason: "OK", headers: responseHeaders,
                                                         body: HistoryBody(data: body, size: body.count), duration: 0.004, finalURL: nil),
                               error: nil)
    }

    private static func rawSize(_ exchange: HistoryExchange) -> Int {
        let headers = (exchange.request.headers + (exchange.response?.headers ?? [])).reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        return headers + exchange.request.url.utf8.count + (exchange.response?.body.data.count ?? 0)
    }
}
