/// A `{{variable}}` that could not be resolved; the request is not sent.
public struct VariableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The variable's name.
    public var name: String
    /// What was being resolved (`request Demo/users/get-user`).
    public var context: String
    /// The active environment, if any.
    public var environment: String?
    /// Why: unresolved, or a reference cycle.
    public var reason: String
    /// What to do about it; nil for an undefined variable, whose advice is to define it.
    public var advice: String?

    /// Creates an error.
    public init(name: String, context: String, environment: String?, reason: String = "is not defined", advice: String? = nil) {
        self.name = name
        self.context = context
        self.environment = environment
        self.reason = reason
        self.advice = advice
    }

    /// A sentence naming the variable, the request and the environment, and what to do.
    public var description: String {
        let env = environment.map { "environment '\($0)'" } ?? "no environment"
        let todo = advice ?? "Define it in the environment, the collection, or pass --set \(name)=VALUE."
        return "The variable {{\(name)}} \(reason) (in \(context), \(env))." + (todo.isEmpty ? "" : " " + todo)
    }
}
