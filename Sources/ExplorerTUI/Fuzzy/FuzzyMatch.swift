/// How well a query matched a text: the score (higher is better) and the characters matched, for highlighting.
public struct FuzzyMatch: Sendable, Equatable {
    /// The score; only comparable between matches of the same query.
    public var score: Int
    /// The offsets (in characters) of the matched characters, ascending.
    public var positions: [Int]

    /// Creates a match.
    public init(score: Int, positions: [Int]) {
        self.score = score
        self.positions = positions
    }

    /// The positions as runs of consecutive characters, for drawing each run in one span.
    public var ranges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        for position in positions {
            if let last = ranges.last, last.upperBound == position {
                ranges[ranges.count - 1] = last.lowerBound..<(position + 1)
            } else {
                ranges.append(position..<(position + 1))
            }
        }
        return ranges
    }
}
