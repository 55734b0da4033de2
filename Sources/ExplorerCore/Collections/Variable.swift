/// A named value for `{{name}}` substitution; a secret one is masked wherever apiexplorer shows it.
public struct Variable: Sendable, Equatable {
    /// The name used in `{{name}}`.
    public var name: String
    /// The value (for a secret, usually empty in the shared file and supplied by a local file or the environment).
    public var value: String
    /// True when the value must never be shown.
    public var secret: Bool
    /// A process environment variable that supplies the value when set.
    public var fromEnvironment: String?

    /// Creates a variable.
    public init(name: String, value: String, secret: Bool = false, fromEnvironment: String? = nil) {
        self.name = name
        self.value = value
        self.secret = secret
        self.fromEnvironment = fromEnvironment
    }
}
