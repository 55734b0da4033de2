/// The `!` overlay: the status line's recent messages, newest first, each with its time, scrolled by rows.
public struct MessageList: Sendable, Equatable {
    /// The messages, newest first.
    public var entries: [StatusEntry]
    /// Rows scrolled off the top.
    public var scroll = 0

    /// A list of `entries` (newest first), scrolled to the top.
    public init(entries: [StatusEntry]) {
        self.entries = entries
    }
}
