/// A response body turned into terminal-safe, colourable display lines.
public struct FormattedBody: Sendable, Hashable {
    /// How the body was interpreted.
    public var kind: BodyKind
    /// The lines to show.
    public var lines: [BodyLine]

    /// Creates a formatted body.
    public init(kind: BodyKind, lines: [BodyLine]) {
        self.kind = kind
        self.lines = lines
    }

    /// All lines as plain text joined by `\n`.
    public var text: String { lines.map(\.text).joined(separator: "\n") }
}
