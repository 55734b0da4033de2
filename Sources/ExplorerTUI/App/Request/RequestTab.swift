/// The tabs of the request pane.
public enum RequestTab: Int, Sendable, CaseIterable {
    /// Query parameters.
    case params
    /// Effective headers, editable.
    case headers
    /// The body.
    case body
    /// Credentials.
    case auth
    /// Timeout, redirects, TLS verification.
    case options
    /// Captures, needs and checks.
    case checks
    /// JavaScript run before the request and after its response.
    case scripts

    /// The tab's title.
    public var title: String {
        switch self {
        case .params: return "Params"
        case .headers: return "Headers"
        case .body: return "Body"
        case .auth: return "Auth"
        case .options: return "Options"
        case .checks: return "Checks"
        case .scripts: return "Scripts"
        }
    }
}
