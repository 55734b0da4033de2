/// A name in a query the schema does not have: an unknown field, argument or type, where it is and why.
public struct GraphQLQueryMark: Sendable, Equatable {
    /// The 0-based line of the name.
    public var line: Int
    /// The 0-based column (in characters) of the name.
    public var column: Int
    /// What is wrong: `unknown field "nmae" on User`.
    public var message: String

    /// Creates a mark.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// The mark as shown under the editor, 1-based as editors and servers count: `3:5 unknown field "nmae" on User`.
    public var description: String { "\(line + 1):\(column + 1) \(message)" }
}
