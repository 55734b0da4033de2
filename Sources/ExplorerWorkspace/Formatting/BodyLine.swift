/// One display line of a formatted body.
public struct BodyLine: Sendable, Hashable {
    /// Leading spaces the line is shown with.
    public var indent: Int
    /// The line's pieces, in order.
    public var tokens: [BodyToken]

    /// Creates a line from its indentation and pieces.
    public init(indent: Int = 0, tokens: [BodyToken]) {
        self.indent = indent
        self.tokens = tokens
    }

    /// The line as plain text, indentation included.
    public var text: String {
        String(repeating: " ", count: indent) + tokens.map(\.text).joined()
    }
}

extension BodyLine {
    /// A line of the JSON pretty-printer, its spans as JSON tokens.
    init(_ line: JSONFormattedLine) {
        self.init(indent: line.indentWidth, tokens: line.tokens.map { BodyToken(.json($0.kind), line.text(of: $0)) })
    }
}
