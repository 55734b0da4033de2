import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// The request editor's costs, in process: a key typed into the body editor of a large JSON body until the new frame
/// is drawn into the cell buffer and diffed against the last one (what the terminal is sent), against the 16 ms of a
/// 60 Hz frame; and opening the Body tab of a 2 MB request file, from reading the file to the first frame.
enum EditorBench {
    static func run(_ options: BenchOptions, workDirectory: URL, report: (BenchRow) -> Void) throws {
        let bodySize = options.quick ? 100_000 : 1_000_000
        let json = String(decoding: JSONShape.arrayOfObjects.generate(size: bodySize), as: UTF8.self)
        let pretty = (try? JSONTemplate.prettyPrinted(json)) ?? json
        for (label, text) in [("one line", json), ("pretty-printed", pretty)] {
            report(try typing(into: text, label: label, options: options))
        }
        report(try openingBodyTab(options, workDirectory: workDirectory))
    }

    /// A model with one request whose JSON body is `text`, the Body tab's editor open.
    private static func editing(_ text: String, width: Int = 120, height: Int = 40) -> ExplorerModel {
        let request = RequestSpec(name: "Big", slug: "big", method: "POST", url: "/big", body: .json(text), file: "/nonexistent/big.yaml")
        let root = FolderSpec(name: "Bench", slug: "Bench", requests: [request], directory: "/nonexistent")
        var model = ExplorerModel(collections: [CollectionSpec(root: root, environments: [])], width: width, height: height)
        for key in [Key.down, .tab, .character("]"), .character("i"), .pageDown, .end] { _ = model.update(.keyPressed(key)) }
        return model
    }

    private static func typing(into text: String, label: String, options: BenchOptions) throws -> BenchRow {
        var model = editing(text)
        var previous = ExplorerView.render(model)
        var keys: [Double] = []
        var redraws: [Double] = []
        let count = options.quick ? 20 : 200
        for index in 0..<count {
            let key = Key.character(index % 2 == 0 ? "x" : "y")
            keys.append(Stopwatch.time {
                _ = model.update(.keyPressed(key))
                let frame = ExplorerView.render(model)
                _ = frame.diff(from: previous)
                previous = frame
            })
            // The reference: the same screen drawn again with nothing changed.
            redraws.append(Stopwatch.time {
                let frame = ExplorerView.render(model)
                _ = frame.diff(from: previous)
            })
        }
        guard model.requestEditor.edit?.body?.area.text.utf8.count == text.utf8.count + count else { throw BenchFailure("the typed keys did not reach the body editor") }
        let perKey = Median.of(keys)
        let redraw = Median.of(redraws)
        return BenchRow(name: "type a key in the body editor, \(MeasurementText.byteCount(text.utf8.count)) JSON (\(label))",
                        ours: String(format: "%.2f ms", perKey * 1000), reference: String(format: "%.2f ms redraw", redraw * 1000),
                        ratio: String(format: "%.1f× redraw", perKey / max(redraw, 1e-9)), target: "< 16 ms", met: perKey < 0.016)
    }

    private static func openingBodyTab(_ options: BenchOptions, workDirectory: URL) throws -> BenchRow {
        let size = options.quick ? 200_000 : 1_990_000
        let directory = workDirectory.appendingPathComponent("editor-bench/Bench")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("name: Bench\n".utf8).write(to: directory.appendingPathComponent("collection.yaml"))
        // A request file just under the loader's 2 MB limit: a pretty-printed JSON body in a literal block.
        var lines = ["name: Big", "method: POST", "url: /big", "body:", "  type: json", "  content: |", "    ["]
        var bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        var index = 0
        while bytes < size - 200 {
            let line = "      {\"id\": \(index), \"name\": \"user \(index)\", \"tags\": [\"a\", \"b\"], \"active\": true},"
            lines.append(line)
            bytes += line.utf8.count + 1
            index += 1
        }
        lines += ["      {\"id\": -1}", "    ]", ""]
        let file = directory.appendingPathComponent("big.yaml")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let fileSize = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        var opens: [Double] = []
        var reads: [Double] = []
        for _ in 0..<(options.quick ? 1 : options.runs) {
            opens.append(Stopwatch.time {
                var result = CollectionLoadResult()
                guard let request = CollectionLoader(environment: [:]).loadRequest(at: file.path, slug: "big", into: &result) else { return }
                let root = FolderSpec(name: "Bench", slug: "Bench", requests: [request], directory: directory.path)
                var model = ExplorerModel(collections: [CollectionSpec(root: root, environments: [])], width: 120, height: 40)
                for key in [Key.down, .tab, .character("]")] { _ = model.update(.keyPressed(key)) }
                _ = ExplorerView.render(model)
            })
            // The reference: reading the same bytes from disk.
            reads.append(Stopwatch.time { _ = FileManager.default.contents(atPath: file.path) })
        }
        let open = Median.of(opens)
        return BenchRow(name: "open the Body tab of a \(MeasurementText.byteCount(fileSize)) request file (load, select, draw)",
                        ours: String(format: "%.1f ms", open * 1000), reference: String(format: "%.2f ms read", Median.of(reads) * 1000),
                        ratio: String(format: "%.0f× read", open / max(Median.of(reads), 1e-9)), target: "< 100 ms", met: open < 0.1)
    }
}
