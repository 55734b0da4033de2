/// Two texts as a unified diff (`---`/`+++` labels, `@@` hunks with three lines of context), as `diff -u` prints it.
public enum UnifiedDiff {
    /// Lines of context around each change.
    public static let context = 3

    /// The diff from `old` to `new`; only the two labels when they are the same.
    public static func lines(_ old: String, _ new: String, oldLabel: String, newLabel: String) -> [String] {
        let first = split(old)
        let second = split(new)
        let differences = LineDiff.compare(first, second)
        var removed: Set<Int> = []
        var added: Set<Int> = []
        for difference in differences {
            switch difference {
            case let .removed(line, _): removed.insert(line - 1)
            case let .added(line, _): added.insert(line - 1)
            }
        }
        // The whole alignment: a line only the first text has, one only the second has, or one both share.
        var script: [(mark: Character, text: String, old: Int, new: Int)] = []
        var i = 0
        var j = 0
        while i < first.count || j < second.count {
            if i < first.count, removed.contains(i) || j >= second.count {
                script.append(("-", first[i], i, j))
                i += 1
            } else if j < second.count, added.contains(j) || i >= first.count {
                script.append(("+", second[j], i, j))
                j += 1
            } else {
                script.append((" ", first[i], i, j))
                i += 1
                j += 1
            }
        }
        var out = ["--- " + oldLabel, "+++ " + newLabel]
        let changed = script.indices.filter { script[$0].mark != " " }
        var index = 0
        while index < changed.count {
            let start = max(0, changed[index] - context)
            var end = min(script.count, changed[index] + context + 1)
            index += 1
            while index < changed.count, changed[index] - context <= end {
                end = min(script.count, changed[index] + context + 1)
                index += 1
            }
            let hunk = script[start..<end]
            let oldCount = hunk.filter { $0.mark != "+" }.count
            let newCount = hunk.filter { $0.mark != "-" }.count
            let oldStart = (hunk.first?.old ?? 0) + (oldCount == 0 ? 0 : 1)
            let newStart = (hunk.first?.new ?? 0) + (newCount == 0 ? 0 : 1)
            out.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            out += hunk.map { String($0.mark) + $0.text }
        }
        return out
    }

    /// The lines of a text, without the empty one after a final newline.
    private static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
