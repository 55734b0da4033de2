/// Which pane receives keys.
public enum Focus: Int, Sendable, CaseIterable {
    /// The collections tree on the left.
    case tree
    /// The request on the top right.
    case request
    /// The response on the bottom right.
    case response
}
