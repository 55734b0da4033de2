/// Something wrong in a collection file, with where it is; loading goes on without the broken part.
public struct CollectionProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong and what was expected.
    public var message: String
    /// True for problems that did not stop the item from loading (unknown keys).
    public var isWarning: Bool

    /// Creates a problem.
    public init(_ location: SourceLocation, _ message: String, isWarning: Bool = false) {
        self.location = location
        self.message = message
        self.isWarning = isWarning
    }

    /// `file:line:column: error: message`.
    public var description: String {
        "\(location): \(isWarning ? "warning" : "error"): \(message)"
    }
}
