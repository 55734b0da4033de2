import Foundation

/// Case: the shell's Tab on a request reference or `--env` (issue 46). Bash runs the binary for every Tab exactly as
/// here (`apiexplorer ---completion send -- positional@0 …`, with SAP_SHELL=bash), so each row is a whole process,
/// against `apiexplorer --version` (the process start alone) and `find` listing the same tree, in paired turns.
enum CompletionBench {
    /// One Tab: what is on the line, and how many candidates must come back.
    private struct Tab {
        var name: String
        /// The words after `apiexplorer`, the last being the one completed.
        var words: [String]
        /// `positional@N` or an option's name, as the generated scripts pass it.
        var argument: String
        var expected: Int
    }

    /// Rows for a collection of `options.generatedRequests` requests in folders of 100, and the same number in one folder.
    static func run(_ options: BenchOptions, executable: String, workDirectory: URL, report: (BenchRow) -> Void) throws {
        let root = workDirectory.appendingPathComponent("completion-collections")
        let count = options.generatedRequests
        try write(in: root, count: count)
        let folders = (count + 99) / 100
        let flags = ["send", "--collections", root.path]
        let tabs = [
            // A collection of one folder is opened down to its requests.
            Tab(name: "`send Nes` (the collection's \(folders) folders)", words: flags + ["Nes"], argument: "positional@0",
                expected: folders == 1 ? count : folders),
            Tab(name: "`send Nested/folder-001/` (100 requests)", words: flags + ["Nested/folder-001/"], argument: "positional@0",
                expected: min(100, max(0, count - 100))),
            Tab(name: "`send Flat/r` (\(count) requests in one folder)", words: flags + ["Flat/r"], argument: "positional@0", expected: count),
            Tab(name: "`send \"Nested/Folder 1` (by folder.yaml's name)", words: flags + ["\"Nested/Folder 1"], argument: "positional@0",
                expected: (0..<folders).filter { "Folder \($0)".hasPrefix("Folder 1") }.count),
            // No file name starts with it, so the names the files declare are looked at: each file read, none parsed.
            Tab(name: "`send Flat/requests/Request x` (no such name among \(count))", words: flags + ["Flat/requests/Request x"],
                argument: "positional@0", expected: 0),
            Tab(name: "`--env` after `send Nested/folder-000/request-0`", words: flags + ["Nested/folder-000/request-0", "--env", ""],
                argument: "--env", expected: 3),
        ]
        let pairs = options.quick ? 1 : options.runs * 6
        let output = workDirectory.appendingPathComponent("completion-output.txt").path
        let find = ["find", root.path, "-name", "*.yaml"]
        for tab in tabs {
            let arguments = [executable, "---completion", "send", "--", tab.argument, String(tab.words.count), String(tab.words.last?.count ?? 0),
                             "apiexplorer"] + tab.words
            var ours: [Double] = []
            var version: [Double] = []
            var listing: [Double] = []
            // One untimed turn first, so the page cache holds the binary and the tree.
            for attempt in 0...pairs {
                let run = try ProcessRun.checked(arguments, outputPath: output, environment: ["SAP_SHELL": "bash", "SAP_SHELL_VERSION": "5.2"])
                let start = try ProcessRun.checked([executable, "--version"])
                let walk = try ProcessRun.checked(find)
                guard attempt > 0 else { continue }
                ours.append(run.seconds)
                version.append(start.seconds)
                listing.append(walk.seconds)
            }
            let lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").count
            guard lines == tab.expected else {
                throw BenchFailure("completion of \(tab.words.last ?? "") gave \(lines) candidates, expected \(tab.expected)")
            }
            let median = Median.of(ours)
            report(BenchRow(name: "shell completion, whole process: \(tab.name)", ours: BenchText.time(median),
                            reference: "--version \(BenchText.time(Median.of(version))); find, \(count * 2 + folders + 2) files \(BenchText.time(Median.of(listing)))",
                            ratio: String(format: "%.2f× --version", median / Median.of(version)), target: "< 50 ms",
                            met: options.quick ? nil : median < 0.05))
        }
    }

    /// `Nested` (`count` requests in folders of 100, each folder named in its folder.yaml) and `Flat` (`count` in
    /// one folder), each with three environments.
    static func write(in root: URL, count: Int) throws {
        let manager = FileManager.default
        for collection in ["Nested", "Flat"] {
            let directory = root.appendingPathComponent(collection)
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            let environments = ["local", "staging", "production"].map { "  - name: \($0)\n    baseURL: http://127.0.0.1:9\n" }.joined()
            try "name: \(collection)\nenvironments:\n\(environments)".write(to: directory.appendingPathComponent("collection.yaml"),
                                                                           atomically: false, encoding: .utf8)
        }
        let flat = root.appendingPathComponent("Flat/requests")
        try manager.createDirectory(at: flat, withIntermediateDirectories: true)
        for index in 0..<count {
            let text = "name: Request \(index)\nmethod: GET\nurl: /items/\(index)\n"
            let folder = root.appendingPathComponent(String(format: "Nested/folder-%03d", index / 100))
            if index % 100 == 0 {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                try "name: Folder \(index / 100)\n".write(to: folder.appendingPathComponent("folder.yaml"), atomically: false, encoding: .utf8)
            }
            try text.write(to: folder.appendingPathComponent("request-\(index).yaml"), atomically: false, encoding: .utf8)
            try text.write(to: flat.appendingPathComponent("request-\(index).yaml"), atomically: false, encoding: .utf8)
        }
    }
}
