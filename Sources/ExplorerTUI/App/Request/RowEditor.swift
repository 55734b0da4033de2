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
    /// The table row (as shown, inherited headers included) the editor is drawn over, or nil to draw it on a new
    /// row after the last.
    public var shownRow: Int?

    /// Starts editing a row (or a new one).
    public init(table: EditableTable, index: Int?, shownRow: Int? = nil, name: String = "", value: String = "") {
        self.table = table
        self.index = index
        self.shownRow = shownRow
        self.name = TextField(text: name, placeholder: table == .headers ? "Header-Name" : "name")
        self.value = TextField(text: value, placeholder: table == .multipart ? "value, or @path for a file" : "value")
        self.field = .name
    }
}
