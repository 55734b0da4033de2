/// A filter expression, as RFC 9535 section 2.3.5 defines it (without function extensions).
indirect enum JSONPathFilter: Sendable, Hashable {
    /// True if any operand is true (`||`).
    case or([JSONPathFilter])
    /// True if every operand is true (`&&`).
    case and([JSONPathFilter])
    /// Logical negation (`!`).
    case not(JSONPathFilter)
    /// A comparison of two operands.
    case comparison(JSONPathOperand, JSONPathComparisonOperator, JSONPathOperand)
    /// True if the query selects at least one node (`@.isbn`).
    case exists(JSONPathQuery)
}
