/// One coloured piece of a formatted body line.
public struct BodyToken: Sendable, Hashable {
    /// What the piece is.
    public var kind: BodyTokenKind
    /// The piece's text, already terminal-safe.
    public var text: String

    /// Creates a token; `text` must already be terminal-safe.
    public init(_ kind: BodyTokenKind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}
