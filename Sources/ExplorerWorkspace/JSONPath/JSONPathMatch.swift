/// One value a JSONPath selected: where it is and what it is.
public struct JSONPathMatch: Sendable, Hashable {
    /// The RFC 9535 normalized path of the value, e.g. `$['store']['book'][0]`.
    public var path: String
    /// The value as compact JSON, with its keys in their order and its numbers as written.
    public var value: String

    /// Creates a match from its normalized path and compact JSON text.
    public init(path: String, value: String) {
        self.path = path
        self.value = value
    }
}
