/// A header as scripts see it (`{key, value}`, as Postman names them).
public struct ScriptHeader: Sendable, Equatable {
    /// The header's name.
    public var key: String
    /// Its value.
    public var value: String

    /// A header.
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}
