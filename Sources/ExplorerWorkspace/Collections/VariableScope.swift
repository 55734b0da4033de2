/// One layer of variables for resolution, such as the environment or a folder.
public struct VariableScope: Sendable {
    /// Where these variables come from, for messages (`environment local`).
    public var origin: String
    /// The variables.
    public var variables: [Variable]

    /// Creates a scope.
    public init(origin: String, variables: [Variable]) {
        self.origin = origin
        self.variables = variables
    }
}
