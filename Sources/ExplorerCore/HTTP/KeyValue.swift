/// A name and value that can be switched off without deleting it: a header, a query parameter or a form field.
public struct KeyValue: Sendable, Equatable {
    /// The name.
    public var name: String
    /// The value, which may contain `{{variables}}`.
    public var value: String
    /// False when the entry is kept in the file but not sent.
    public var enabled: Bool

    /// Creates an entry.
    public init(_ name: String, _ value: String, enabled: Bool = true) {
        self.name = name
        self.value = value
        self.enabled = enabled
    }

    /// True for a name a header may have here: not empty, and no colon or whitespace, which would split the header line.
    public static func isValidHeaderName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains { $0 == ":" || $0.isWhitespace }
    }
}
