/// A "key label" pair shown in the status bar and help, e.g. "Ctrl-J Send".
public struct KeyHint: Hashable, Sendable {
    /// The key text, usually from `Key.label`.
    public var key: String
    /// What the key does.
    public var label: String

    /// Creates a hint from free-form key text such as "↑/↓".
    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }

    /// Creates a hint for one key.
    public init(_ key: Key, _ label: String) {
        self.init(key: key.label, label: label)
    }

    /// Creates a hint for alternative keys, shown joined by "/".
    public init(keys: [Key], label: String) {
        self.init(key: keys.map(\.label).joined(separator: "/"), label: label)
    }
}
