/// The error for selecting an environment that is not defined.
public struct UnknownEnvironment: Error, Sendable, CustomStringConvertible {
    /// The name asked for.
    public let name: String
    /// The names that exist.
    public let known: [String]
    /// `Unknown environment 'x' (known: a, b)`.
    public var description: String { "Unknown environment '\(name)' (known: \(known.joined(separator: ", ")))" }
}
