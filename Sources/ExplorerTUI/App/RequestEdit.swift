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
