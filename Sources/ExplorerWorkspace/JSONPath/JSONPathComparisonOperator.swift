/// A comparison operator in a filter.
enum JSONPathComparisonOperator: String, Sendable, Hashable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}
