import ExplorerCore

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
    /// HTTP Digest (RFC 7616): the server's challenge is answered with a hash of the password, never the password.
    case digest(username: String, password: String)
    /// AWS Signature Version 4; an empty `sessionToken` sends none.
    case aws(accessKey: String, secretKey: String, sessionToken: String, region: String, service: String)
    /// OAuth 2.0: a bearer token obtained from the token endpoint with one of the grants, cached and renewed.
    case oauth2(OAuth2Spec)

    /// The `type` key used in files.
    public var typeName: String {
        switch self {
        case .inherit: return "inherit"
        case .none: return "none"
        case .basic: return "basic"
        case .bearer: return "bearer"
        case .apiKey: return "apikey"
        case .digest: return "digest"
        case .aws: return "aws"
        case .oauth2: return "oauth2"
        }
    }
}
