/// Fuzzy subsequence matching, case-insensitive: every character of the query must appear in the text in order.
/// Among the ways they can, the best-scoring is chosen: each matched character scores, more at the start of the text
/// or of a word and when it follows the previous match directly; every character skipped between matches costs.
/// Scoring is a small dynamic programme over the query and the window of text that can hold the match, so a long list
/// is filtered in a few milliseconds (see the palette benchmark).
public struct FuzzyMatcher: Sendable {
    /// A matched character.
    static let matchScore: Int32 = 16
    /// A match at the first character.
    static let startBonus: Int32 = 12
    /// A match at a word's first letter or digit (after a space, `/`, `-`, `.`, …).
    static let wordBonus: Int32 = 9
    /// A match at a camelCase hump.
    static let camelBonus: Int32 = 7
    /// A match right after the previous one.
    static let consecutiveBonus: Int32 = 8
    /// Opening a gap between two matches; each skipped character then costs one more.
    static let gapStart: Int32 = 3

    private static let impossible = Int32.min / 4

    /// The query as typed.
    public let query: String
    private let keys: [UInt32]

    /// Prepares `query`; an empty one matches everything with score 0.
    public init(_ query: String) {
        self.query = query
        keys = query.map(FuzzyText.fold)
    }

    /// True when the query is empty.
    public var isEmpty: Bool { keys.isEmpty }

    /// The match's score, or nil when `text` does not hold the query; no positions, so no allocation beyond two rows.
    public func score(_ text: FuzzyText) -> Int? {
        guard let window = window(in: text) else { return nil }
        guard !keys.isEmpty else { return 0 }
        var best = Self.impossible
        let width = window.count
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: width * 2) { rows in
            var previous = rows.baseAddress!
            var current = previous + width
            fill(row: 0, window: window, text: text, previous: nil, into: current)
            for row in 1..<keys.count {
                swap(&previous, &current)
                fill(row: row, window: window, text: text, previous: previous, into: current)
            }
            for column in 0..<width { best = max(best, current[column]) }
        }
        return best > Self.impossible / 2 ? Int(best) : nil
    }

    /// The best match with the positions of its characters, or nil. Costs a table of query × window; use it for the
    /// rows on screen, and `score` for filtering.
    public func match(_ text: FuzzyText) -> FuzzyMatch? {
        guard let window = window(in: text) else { return nil }
        guard !keys.isEmpty else { return FuzzyMatch(score: 0, positions: []) }
        let width = window.count
        var table = [Int32](repeating: Self.impossible, count: keys.count * width)
        table.withUnsafeMutableBufferPointer { cells in
            let base = cells.baseAddress!
            fill(row: 0, window: window, text: text, previous: nil, into: base)
            for row in 1..<keys.count {
                fill(row: row, window: window, text: text, previous: base + (row - 1) * width, into: base + row * width)
            }
        }
        let last = (keys.count - 1) * width
        var column = -1
        var best = Self.impossible
        for index in 0..<width where table[last + index] > best {
            best = table[last + index]
            column = index
        }
        guard column >= 0, best > Self.impossible / 2 else { return nil }
        var positions = [window.lowerBound + column]
        // Walk back: each row's match came from the one before either directly (consecutive) or over a gap.
        for row in stride(from: keys.count - 1, to: 0, by: -1) {
            let here = table[row * width + column] - Self.matchScore - text.bonuses[window.lowerBound + column]
            let above = (row - 1) * width
            if column > 0, table[above + column - 1] > Self.impossible / 2, table[above + column - 1] + Self.consecutiveBonus == here {
                column -= 1
            } else {
                var from = -1
                for candidate in stride(from: column - 2, through: 0, by: -1)
                where table[above + candidate] > Self.impossible / 2 && table[above + candidate] - Int32(column - 1 - candidate) - Self.gapStart == here {
                    from = candidate
                    break
                }
                guard from >= 0 else { return nil }
                column = from
            }
            positions.append(window.lowerBound + column)
        }
        return FuzzyMatch(score: Int(best), positions: positions.reversed())
    }

    /// The characters a match can use: from the first occurrence of the query's first character to the last
    /// occurrence of its last, or nil when the text does not hold the query in order (checked greedily, cheaply).
    private func window(in text: FuzzyText) -> Range<Int>? {
        let characters = text.keys
        guard !keys.isEmpty else { return 0..<characters.count }
        guard keys.count <= characters.count else { return nil }
        var next = 0
        var start = -1
        for (index, key) in characters.enumerated() where key == keys[next] {
            if next == 0 { start = index }
            next += 1
            if next == keys.count { break }
        }
        guard next == keys.count, start >= 0, let lastKey = keys.last,
              let end = characters.lastIndex(of: lastKey) else { return nil }
        return start..<(end + 1)
    }

    /// One row of the table: the best score of the query up to `row` with character `row` matched at each column of
    /// the window. `previous` is the row before (nil for the first).
    private func fill(row: Int, window: Range<Int>, text: FuzzyText, previous: UnsafeMutablePointer<Int32>?, into current: UnsafeMutablePointer<Int32>) {
        let key = keys[row]
        let offset = window.lowerBound
        // The best of the previous row at columns ≤ column - 2, plus that column, so the gap's cost is a subtraction.
        var reach = Self.impossible
        text.keys.withUnsafeBufferPointer { characters in
            text.bonuses.withUnsafeBufferPointer { bonuses in
                for column in 0..<window.count {
                    if let previous, column >= 2, previous[column - 2] > Self.impossible / 2 {
                        reach = max(reach, previous[column - 2] + Int32(column - 2))
                    }
                    guard characters[offset + column] == key else {
                        current[column] = Self.impossible
                        continue
                    }
                    let gain = Self.matchScore + bonuses[offset + column]
                    guard let previous else {
                        current[column] = gain
                        continue
                    }
                    var best = Self.impossible
                    if reach > Self.impossible / 2 { best = reach - Int32(column - 1) - Self.gapStart }
                    if column > 0, previous[column - 1] > Self.impossible / 2 { best = max(best, previous[column - 1] + Self.consecutiveBonus) }
                    current[column] = best > Self.impossible / 2 ? best + gain : Self.impossible
                }
            }
        }
    }
}
