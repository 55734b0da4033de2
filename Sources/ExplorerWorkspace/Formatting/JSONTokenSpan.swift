/// One coloured piece of a formatted JSON line.
public struct JSONTokenSpan: Sendable, Hashable {
    /// What the piece is.
    public var kind: JSONTokenKind
    /// Where the piece lies in its line's `bytes` (indentation excluded).
    public var range: Range<Int>

    /// Creates a span of `kind` covering `range` of a line's bytes.
    public init(kind: JSONTokenKind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}
