/// How an OAuth 2.0 client obtains its first token; every grant is refreshed with the `refresh_token` grant.
public enum OAuth2Grant: String, Sendable, Equatable, CaseIterable {
    /// The client's own credentials, no user (RFC 6749 §4.4).
    case clientCredentials = "client_credentials"
    /// A user approves in the browser; the code comes back to a loopback redirect, always with PKCE S256 (RFC 7636).
    case authorizationCode = "authorization_code"
    /// A user approves on another device with a short code while the client polls (RFC 8628).
    case deviceCode = "device_code"
    /// The user's name and password sent to the token endpoint (RFC 6749 §4.3).
    case password
    /// A refresh token written in the file (or a secret) is exchanged for an access token (RFC 6749 §6).
    case refreshToken = "refresh_token"

    /// True for the grants that need a person (a browser or another device) to obtain the first token.
    public var isInteractive: Bool { self == .authorizationCode || self == .deviceCode }
}
