/// One side of a filter comparison.
enum JSONPathOperand: Sendable, Hashable {
    /// A literal value.
    case literal(JSONPathLiteral)
    /// A singular query; selecting nothing compares as "Nothing".
    case query(JSONPathQuery)
}
