/// What the tree asks of the shell after a key it took.
public enum TreeReply: Sendable, Equatable {
    /// Nothing more: the tree changed itself (or did nothing).
    case handled
    /// Send the request it selects.
    case send
}
