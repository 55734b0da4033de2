/// The tabs of the response pane.
public enum ResponseTab: Int, Sendable, CaseIterable {
    /// The formatted body.
    case body
    /// The response headers.
    case headers
    /// Each check passed or failed, with the actual value, and the values captured.
    case checks
}
