import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Issue 31: the command palette on 10,000 requests, in process. Each key of a typed query (every prefix, the first
/// one matching every request) is timed from the key to the palette drawn, against the 16 ms of a 60 Hz frame; the
/// reference is a plain case-insensitive `contains` scan of the same rows' text for the same prefix. Opening the
/// palette (preparing every row for matching) is timed too.
enum PaletteBench {
    /// The query typed, one key at a time.
    static let query = "items/4242"

    static func run(_ options: BenchOptions, report: (BenchRow) -> Void) throws {
        let count = options.quick ? 1000 : 10_000
        let model = ExplorerModel(collections: [collection(count)], width: 120, height: 40)
        var opens: [Double] = []
        var keys: [Double] = []
        var scans: [Double] = []
        for _ in 0..<(options.quick ? 1 : max(3, options.runs)) {
            var typing = model
            opens.append(Stopwatch.time {
                _ = typing.update(.keyPressed(.control("p")))
                _ = ExplorerView.render(typing)
            })
            guard let palette = typing.modal?.palette, palette.items.count >= count else { throw BenchFailure("the palette did not open on \(count) requests") }
            let texts = palette.items.map { $0.text.lowercased() }
            for (index, character) in query.enumerated() {
                keys.append(Stopwatch.time {
                    _ = typing.update(.keyPressed(.character(character)))
                    _ = ExplorerView.render(typing)
                })
                let prefix = String(query.prefix(index + 1))
                var found = 0
                scans.append(Stopwatch.time { found = texts.reduce(0) { $0 + ($1.contains(prefix) ? 1 : 0) } })
                // Every row holding the prefix as it is typed holds its letters in order: the palette lists at least those.
                guard (typing.modal?.palette?.shown.count ?? 0) >= found else { throw BenchFailure("the palette lost rows holding \(prefix)") }
            }
            guard typing.modal?.palette?.selected?.text.hasPrefix("Request 4242 ") == true || count < 4243 else {
                throw BenchFailure("typing \(query) did not put Request 4242 first")
            }
        }
        let worst = keys.max() ?? 0
        let median = Median.of(keys)
        let scan = Median.of(scans)
        let label = count.formatted(.number.grouping(.automatic))
        report(BenchRow(name: "palette: type a key, \(label) requests (each prefix of \(query); worst, median \(String(format: "%.2f ms", median * 1000)))",
                        ours: String(format: "%.2f ms", worst * 1000), reference: String(format: "%.2f ms contains scan", scan * 1000),
                        ratio: String(format: "%.1f× contains", median / max(scan, 1e-9)), target: "< 16 ms", met: worst < 0.016))
        let open = Median.of(opens)
        report(BenchRow(name: "palette: open on \(label) requests (prepare rows, first frame)", ours: String(format: "%.2f ms", open * 1000),
                        reference: "-", ratio: "-", target: "< 100 ms", met: open < 0.1))
    }

    /// A `Generated` collection of `count` requests in folders of 100, as `GeneratedCollections.writeLarge` writes it.
    static func collection(_ count: Int) -> CollectionSpec {
        let folders = stride(from: 0, to: count, by: 100).map { start in
            FolderSpec(name: "Folder \(start / 100)", slug: String(format: "folder-%03d", start / 100),
                       requests: (start..<min(count, start + 100)).map { index in
                           RequestSpec(name: "Request \(index)", slug: "request-\(index)", method: "GET", url: "/items/\(index)?page={{page}}",
                                       file: "/nonexistent/request-\(index).yaml")
                       })
        }
        let root = FolderSpec(name: "Generated", slug: "Generated", folders: folders, directory: "/nonexistent")
        return CollectionSpec(root: root, environments: [EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:9", isDefault: true)])
    }
}
