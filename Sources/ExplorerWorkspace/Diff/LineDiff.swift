/// Compares two texts line by line with a longest-common-subsequence diff.
public enum LineDiff {
    /// Above this many line pairs (after the common start and end are set aside) the middle is reported as replaced
    /// whole rather than diffed, to bound time and memory.
    public static let maximumPairs = 4_000_000

    /// The lines removed from `first` and added in `second`, in order; within a changed stretch removals come first.
    public static func compare(_ first: [String], _ second: [String]) -> [LineDifference] {
        var start = 0
        while start < first.count, start < second.count, first[start] == second[start] { start += 1 }
        var endA = first.count
        var endB = second.count
        while endA > start, endB > start, first[endA - 1] == second[endB - 1] {
            endA -= 1
            endB -= 1
        }
        let a = Array(first[start..<endA])
        let b = Array(second[start..<endB])
        if a.isEmpty || b.isEmpty || a.count * b.count > maximumPairs {
            return a.indices.map { .removed(line: start + $0 + 1, text: a[$0]) } + b.indices.map { .added(line: start + $0 + 1, text: b[$0]) }
        }
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...], in one flat array.
        let width = b.count + 1
        var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] = a[i] == b[j] ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var result: [LineDifference] = []
        var removed: [LineDifference] = []
        var added: [LineDifference] = []
        var i = 0
        var j = 0
        func flush() {
            result += removed + added
            removed = []
            added = []
        }
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                flush()
                i += 1
                j += 1
            } else if j == b.count || (i < a.count && lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
                removed.append(.removed(line: start + i + 1, text: a[i]))
                i += 1
            } else {
                added.append(.added(line: start + j + 1, text: b[j]))
                j += 1
            }
        }
        flush()
        return result
    }
}
