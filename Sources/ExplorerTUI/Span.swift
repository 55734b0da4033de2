/// A run of text drawn in one style; the building block of every widget's content.
public struct Span: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text; control characters are shown escaped when drawn.
    public var text: String
    /// Style patched onto whatever is underneath.
    public var style: Style

    /// Creates a span.
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Creates an unstyled span from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Columns the span occupies when drawn.
    public var width: Int { DisplayWidth.width(of: text) }
}
