/// An in-progress edit of one row of a request table (a header, a query parameter, a form field): name, then value.
public struct RowEditor: Sendable, Equatable {
    /// Which field has the cursor.
    public enum Field: Sendable { case name, value }

    /// The table the row is in.
    public var table: EditableTable
    /// The index in that table's own rows, or nil for a new row.
    public var index: Int?
    /// The name being edited.
    public var name: TextField
    /// The value being edited.
    public var value: TextField
    /// The field with the cursor.
    public var field: Field

    /// Starts editing a row (or a new one).
    public init(table: EditableTable, index: Int?, name: String = "", value: String = "") {
        self.table = table
        self.index = index
        self.name = TextField(text: name, placeholder: table == .headers ? "Header-Name" : "name")
        self.value = TextField(text: value, placeholder: table == .multipart ? "value, or @path for a file" : "value")
        self.field = .name
    }
}
