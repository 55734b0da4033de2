/// The tabs of the response pane.
public enum ResponseTab: Int, Sendable, CaseIterable {
    /// The formatted body.
    case body
    /// The response headers.
    case headers
}
