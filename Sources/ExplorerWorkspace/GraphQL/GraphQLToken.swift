/// One token of a GraphQL document, with where it starts (0-based line and column in characters, as the editor counts).
public struct GraphQLToken: Sendable, Equatable {
    /// What the token is.
    public enum Kind: Sendable, Equatable {
        /// A name: a field, argument, type, keyword or enum value.
        case name
        /// One of `! $ & ( ) ... : = @ [ ] { | }`.
        case punctuator
        /// A string or block string.
        case string
        /// An integer or float.
        case number
    }

    /// What the token is.
    public var kind: Kind
    /// Its text (a string's with its quotes).
    public var text: String
    /// The 0-based line it starts on.
    public var line: Int
    /// The 0-based column (in characters) it starts at.
    public var column: Int

    /// Creates a token.
    public init(_ kind: Kind, _ text: String, line: Int, column: Int) {
        self.kind = kind
        self.text = text
        self.line = line
        self.column = column
    }

    /// True when this is the punctuator `text`.
    public func isPunctuator(_ text: String) -> Bool { kind == .punctuator && self.text == text }
}
