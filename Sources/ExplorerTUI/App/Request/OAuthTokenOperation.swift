/// What the Auth tab asks of an OAuth 2.0 token.
public enum OAuthTokenOperation: Sendable, Equatable {
    /// The token held while it is fresh, else refreshed or obtained (a browser or a device code when the grant needs one).
    case fetch
    /// A new token whatever is held.
    case refresh
    /// Drop the token from memory and the cache.
    case forget
}
