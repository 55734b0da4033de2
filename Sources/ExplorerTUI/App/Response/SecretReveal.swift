import ExplorerCore
import ExplorerWorkspace

/// The other side of a live response whose secrets were masked, for `R`: while the secrets are hidden it holds the
/// parts as the server sent them, while they are shown the masked parts. It lives only in memory, in the response on
/// screen: history keeps the exchange masked, and exports and copies made while hidden take the masked parts.
public struct SecretReveal: Sendable {
    /// The response headers.
    public var headers: [(name: String, value: String)]
    /// The final URL after redirects.
    public var redirectedTo: String?
    /// The trace lines.
    public var trace: [String]
    /// The body (the same bytes and index, masked or not).
    public var body: BodyDocument
    /// True while the summary shows the secrets, so this holds the masked parts.
    public var isShowing = false

    /// Creates the parts to swap in.
    public init(headers: [(name: String, value: String)], redirectedTo: String?, trace: [String], body: BodyDocument) {
        self.headers = headers
        self.redirectedTo = redirectedTo
        self.trace = trace
        self.body = body
    }
}
