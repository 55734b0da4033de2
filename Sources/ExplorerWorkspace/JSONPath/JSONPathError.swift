/// Why a JSONPath expression could not be parsed, and where.
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for example `expected ']'`.
    public var message: String
    /// One-based column of the problem in the expression, counted in Unicode scalars.
    public var column: Int

    /// Creates an error from a message and its column.
    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// The message with its position, e.g. `expected ']' at column 7`.
    public var description: String { "\(message) at column \(column)" }
}
