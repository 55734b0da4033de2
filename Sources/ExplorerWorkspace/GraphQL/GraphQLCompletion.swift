/// The names that can complete the word at the cursor of a query: fields of the type being selected from, or the
/// arguments of the field whose parentheses the cursor is in.
public struct GraphQLCompletion: Sendable, Equatable {
    /// The 0-based line of the word being completed.
    public var line: Int
    /// The 0-based column where the word starts (the cursor's, when nothing is typed yet).
    public var column: Int
    /// What is typed of the word so far.
    public var prefix: String
    /// The names that start with `prefix`, in the schema's order.
    public var candidates: [String]
    /// What the names complete: `fields of User`, `arguments of Query.user`.
    public var what: String

    /// Creates a completion.
    public init(line: Int, column: Int, prefix: String, candidates: [String], what: String) {
        self.line = line
        self.column = column
        self.prefix = prefix
        self.candidates = candidates
        self.what = what
    }

    /// The longest start every candidate shares (at least `prefix`): what Tab can insert without choosing.
    public var commonPrefix: String {
        guard var common = candidates.first else { return prefix }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        return common.count < prefix.count ? prefix : common
    }
}
