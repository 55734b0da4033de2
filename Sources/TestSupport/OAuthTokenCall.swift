/// One request an `OAuthServer`'s token endpoint received, as the server understood it.
public struct OAuthTokenCall: Sendable {
    /// The `grant_type` sent.
    public let grant: String
    /// `basic` when the client authenticated with a Basic header, `body` with form fields, `none` without a secret.
    public let clientAuth: String
    /// Every form field, decoded.
    public let fields: [String: String]
    /// The HTTP status answered.
    public let status: Int
    /// The `error` answered, or nil for a token.
    public let error: String?
}
