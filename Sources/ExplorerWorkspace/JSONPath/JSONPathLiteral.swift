/// A literal in a filter comparison.
enum JSONPathLiteral: Sendable, Hashable {
    /// A number, compared by value.
    case number(Double)
    /// A string, already unescaped.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
}
