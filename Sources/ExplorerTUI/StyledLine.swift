/// One line of text made of styled spans, with a style applied under all of them.
public struct StyledLine: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The spans, drawn left to right.
    public var spans: [Span]
    /// Base style for the whole line; each span's style is patched on top.
    public var style: Style

    /// Creates a line from spans.
    public init(_ spans: [Span], style: Style = .plain) {
        self.spans = spans
        self.style = style
    }

    /// Creates a single-span line.
    public init(_ text: String, style: Style = .plain) {
        self.init([Span(text)], style: style)
    }

    /// Creates an unstyled line from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Columns the line occupies when drawn.
    public var width: Int { spans.reduce(0) { $0 + $1.width } }

    /// The text without styling.
    public var plainText: String { spans.map(\.text).joined() }

    /// The graphemes with their effective styles, which is what wrapping and clipping work on.
    public var styledCharacters: [(character: Character, style: Style)] {
        spans.flatMap { span in
            let effective = style.patched(with: span.style)
            return span.text.map { (character: $0, style: effective) }
        }
    }
}
