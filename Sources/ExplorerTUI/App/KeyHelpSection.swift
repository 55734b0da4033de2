/// One titled group of keys in the generated help.
public struct KeyHelpSection: Sendable, Equatable {
    /// The group's title (a pane, a tab or an overlay).
    public var title: String
    /// Each key (alternatives joined by "/") with what it does.
    public var entries: [KeyHint]
    /// The overlay or mode the group belongs to, when it is one (the help opened there lists it first).
    public var topic: KeyHelpTopic?

    /// Creates a group of keys.
    public init(title: String, entries: [KeyHint], topic: KeyHelpTopic? = nil) {
        self.title = title
        self.entries = entries
        self.topic = topic
    }
}
