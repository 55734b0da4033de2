/// One thing an import could not carry over, and where it was in the source.
public struct ImportReportItem: Sendable, Equatable, CustomStringConvertible {
    /// Where it was: the item's path (`Users/Create user`), or `file:line` for line-based sources.
    public var path: String
    /// What was dropped or changed, and what to do about it.
    public var message: String

    /// Creates an item.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
