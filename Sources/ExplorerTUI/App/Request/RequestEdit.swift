/// The one thing being edited in the request pane, if any: one value, so the URL and the body (say) can never both
/// have the cursor.
public enum RequestEdit: Sendable, Equatable {
    /// The URL line.
    case url(TextField)
    /// A row of a table (a header, a query parameter, a form field).
    case row(RowEditor)
    /// An Auth or Options value, or a body file path.
    case value(ValueEditor)
    /// The body text.
    case body(BodyEditor)
}

extension RequestEdit {
    /// The URL being edited, when it is.
    public var url: TextField? { if case let .url(field) = self { field } else { nil } }
    /// The table row being edited, when it is one.
    public var row: RowEditor? { if case let .row(editor) = self { editor } else { nil } }
    /// The Auth or Options value (or body file path) being edited, when it is one.
    public var value: ValueEditor? { if case let .value(editor) = self { editor } else { nil } }
    /// The body being edited, when it is.
    public var body: BodyEditor? { if case let .body(editor) = self { editor } else { nil } }
}
