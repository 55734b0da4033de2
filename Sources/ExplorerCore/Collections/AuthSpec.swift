/// Credentials as written in a collection file; values may contain `{{variables}}`.
public enum AuthSpec: Sendable, Equatable {
    /// Use whatever the folder or collection above says.
    case inherit
    /// Send no credentials, even if a parent has some.
    case none
    /// `Authorization: Basic base64(username:password)`.
    case basic(username: String, password: String)
    /// `Authorization: Bearer token`.
    case bearer(token: String)
    /// An API key in a header or in the query.
    case apiKey(name: String, value: String, inQuery: Bool)

    /// The `type` key used in files.
    public var typeName: String {
        switch self {
        case .inherit: return "inherit"
        case .none: return "none"
        case .basic: return "basic"
        case .bearer: return "bearer"
        case .apiKey: return "apikey"
        }
    }
}
