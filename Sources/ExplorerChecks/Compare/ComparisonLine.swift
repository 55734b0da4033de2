/// One line of a comparison report, with what it says so a terminal or the TUI can colour it.
public struct ComparisonLine: Sendable, Equatable {
    /// What a line is.
    public enum Kind: Sendable, Equatable {
        /// A section title (`Status`, `Headers`, `Body`).
        case heading
        /// A section that is the same in both responses.
        case same
        /// Something present in both with different values.
        case changed
        /// Something only the first response has.
        case removed
        /// Something only the second response has.
        case added
        /// An explanation (what was ignored, what was left out).
        case note
    }

    /// What the line is.
    public var kind: Kind
    /// The text, secrets masked and control characters made visible.
    public var text: String

    /// Creates a line.
    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}
