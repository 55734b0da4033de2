import Foundation

/// The OAuth 2.0 credentials of one owner (a process, a test), one per collection, environment and settings, so
/// every request that resolves to the same settings shares one token and one refresh.
public final class OAuth2Credentials: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var credentials: [String: OAuth2Credential] = [:]

    /// No credentials yet.
    public init() {}

    /// The credential for `scope` (a collection and environment) and `settings`, made on first use and kept as long
    /// as these credentials are; changed settings (another client, scope or endpoint) make another token. Making
    /// one reads nothing: the token cache is read when a token is first asked for.
    public func credential(settings: OAuth2Spec, scope: String, cache: OAuth2TokenCache,
                           configuration: Request.Configuration = Request.Configuration()) -> OAuth2Credential {
        // Another client secret or password is another client or user, whose token must not be reused; they enter the
        // key hashed, so the key (kept in memory, named in errors) never holds them.
        let secrets = HexText.encode(SHA256Hash.hash(Array((settings.clientSecret + "\n" + settings.password).utf8)))
        let key = [scope, settings.grant.rawValue, settings.tokenURL, settings.clientId, settings.scope, settings.audience, settings.username,
                   String(secrets.prefix(16))]
            .joined(separator: "\n")
        return lock.withLock {
            if let found = credentials[key], found.settings == settings, found.cache == cache { return found }
            let made = OAuth2Credential(settings: settings, key: key, cache: cache, configuration: configuration)
            credentials[key] = made
            return made
        }
    }
}
