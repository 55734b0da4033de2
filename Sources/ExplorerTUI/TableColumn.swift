/// A column of a `Table`: its header text and how wide it should be.
public struct TableColumn: Hashable, Sendable {
    /// Header text.
    public var title: String
    /// Width rule, resolved with `Layout.sizes` against the table's width.
    public var width: Constraint

    /// Creates a column.
    public init(_ title: String, width: Constraint) {
        self.title = title
        self.width = width
    }
}
