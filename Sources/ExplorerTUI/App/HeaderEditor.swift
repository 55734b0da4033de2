/// An in-progress edit of one of the request's own headers: name first, then value.
public struct HeaderEditor: Sendable {
    /// Which field has the cursor.
    public enum Field: Sendable { case name, value }

    /// The index in the request's own headers, or nil for a new header.
    public var index: Int?
    /// The name being edited.
    public var name: TextField
    /// The value being edited.
    public var value: TextField
    /// The field with the cursor.
    public var field: Field

    /// Starts editing `header` (or a new one).
    public init(index: Int?, name: String = "", value: String = "") {
        self.index = index
        self.name = TextField(text: name, placeholder: "Header-Name")
        self.value = TextField(text: value, placeholder: "value")
        self.field = .name
    }
}
