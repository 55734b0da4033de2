/// A table of name/value rows the request pane edits.
public enum EditableTable: Sendable, Equatable {
    /// Query parameters.
    case params
    /// The request's own headers (shown among the inherited ones).
    case headers
    /// Form body fields.
    case form
    /// Multipart body fields; a value starting with `@` is a file.
    case multipart
    /// The request's values for its path parameters (`{{petId}}` in the URL's path), shown in Params after the query.
    case pathVariables
}
