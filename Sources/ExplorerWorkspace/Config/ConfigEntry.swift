/// One line of `apiexplorer config`: a setting's dotted key, its effective value as text, and where it came from.
public struct ConfigEntry: Sendable, Equatable {
    /// The dotted key (`history.maxAge`, `keymap.tree.new`).
    public var key: String
    /// The effective value.
    public var value: String
    /// Where the value came from.
    public var origin: ConfigOrigin

    /// Creates an entry.
    public init(_ key: String, _ value: String, _ origin: ConfigOrigin) {
        self.key = key
        self.value = value
        self.origin = origin
    }
}
