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
    /// The file the value was read from (the collection file or `secrets.local.yaml`), for messages; nil when not loaded.
    public var file: String?
    /// True for a value taken from a response (a capture): it is data, inserted as it is and never read as a template,
    /// so a server cannot make apiexplorer read a file or run a command by answering `{{$file …}}`.
    public var isLiteral = false

    /// Creates a variable.
    public init(name: String, value: String, secret: Bool = false, fromEnvironment: String? = nil, isLiteral: Bool = false) {
        self.name = name
        self.value = value
        self.secret = secret
        self.fromEnvironment = fromEnvironment
        self.isLiteral = isLiteral
    }

    /// Equal by what the variable is; where its value was read from does not count.
    public static func == (lhs: Variable, rhs: Variable) -> Bool {
        lhs.name == rhs.name && lhs.value == rhs.value && lhs.secret == rhs.secret && lhs.fromEnvironment == rhs.fromEnvironment
            && lhs.isLiteral == rhs.isLiteral
    }
}
