/// One titled group of keys in the generated help.
public struct KeyHelpSection: Sendable, Equatable {
    /// The group's title (a pane, a tab or an overlay).
    public var title: String
    /// Each key (alternatives joined by "/") with what it does.
    public var entries: [KeyHint]
}
