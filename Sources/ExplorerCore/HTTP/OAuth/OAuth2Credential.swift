import Foundation

/// The OAuth 2.0 token of one collection, environment and set of settings: taken from memory or the token cache while
/// it is fresh, refreshed shortly before it expires or once after a 401, obtained again with the grant when there is
/// no refresh token (or it was refused). `OAuth2Credentials` hands out one instance per key, so every request, the
/// `auth` command and the explorer's Auth tab see the same token.
public final class OAuth2Credential: @unchecked Sendable {
    /// The resolved settings.
    public let settings: OAuth2Spec
    /// The collection, environment and settings the token belongs to.
    public let key: String
    /// Where the token is kept between runs.
    public let cache: OAuth2TokenCache
    private let lock = NSLock()
    // Guarded by `lock`.
    /// How token requests are sent: the TLS, proxy and timeout of the last request that resolved to this credential.
    private var configuration: Request.Configuration
    private var token: OAuth2Token?
    private var loaded = false
    private var inFlight: Task<Result<OAuth2Token, OAuth2Error>, Never>?

    /// Creates a credential; requests take theirs from `OAuth2Credentials`, which keeps one per key.
    public init(settings: OAuth2Spec, key: String, cache: OAuth2TokenCache, configuration: Request.Configuration = Request.Configuration()) {
        self.settings = settings
        self.key = key
        self.cache = cache
        self.configuration = configuration
    }

    /// Sends the token requests.
    var endpoint: OAuth2TokenEndpoint {
        OAuth2TokenEndpoint(settings: settings, configuration: lock.withLock { configuration })
    }

    /// Sends later token requests the way `configuration` says (the environment's CA, client certificate, proxy,
    /// TLS verification), so the token endpoint is reached as the API is.
    public func use(_ configuration: Request.Configuration) {
        lock.withLock { self.configuration = configuration }
    }

    /// The token held now (from memory or the cache), fresh or not.
    public var currentToken: OAuth2Token? {
        lock.withLock { loadedToken() }
    }

    /// Every value to mask: the settings' secrets and the tokens held.
    public var secretValues: [String] {
        settings.secretValues + (currentToken?.secretValues ?? [])
    }

    /// A fresh token: the one held while it is fresh, else refreshed, else obtained with the grant. Concurrent callers
    /// share one request to the token endpoint. An interactive grant with nothing held needs `interaction`.
    @discardableResult
    public func validToken(now: Date = Date(), interaction: OAuth2Interaction? = nil) async throws(OAuth2Error) -> OAuth2Token {
        if let held = currentToken, held.isFresh(at: now) { return held }
        return try await renewed(now: now, interaction: interaction)
    }

    /// A new token whatever is held: refreshed when a refresh token is held, else obtained with the grant.
    @discardableResult
    public func renewed(now: Date = Date(), interaction: OAuth2Interaction? = nil) async throws(OAuth2Error) -> OAuth2Token {
        let task = lock.withLock { () -> Task<Result<OAuth2Token, OAuth2Error>, Never> in
            if let inFlight { return inFlight }
            let held = loadedToken()
            let made = Task { [self] in await obtain(replacing: held, now: now, interaction: interaction) }
            inFlight = made
            return made
        }
        let result = await task.value
        lock.withLock { if inFlight == task { inFlight = nil } }
        return try result.get()
    }

    /// After the server refused `rejected` with a 401: a token another request already renewed, else a renewed one;
    /// nil when none could be had.
    func replacement(for rejected: String) async -> OAuth2Token? {
        if let held = currentToken, held.accessToken != rejected { return held }
        return try? await renewed()
    }

    /// Forgets the token, in memory and in the cache.
    public func forget() {
        lock.withLock {
            token = nil
            loaded = true
        }
        cache.remove(key)
    }

    /// Keeps `token` in memory and in the cache (a cache that cannot be written leaves it in memory only).
    func keep(_ token: OAuth2Token) {
        lock.withLock {
            self.token = token
            loaded = true
        }
        try? cache.store(token, for: key)
    }

    private func loadedToken() -> OAuth2Token? {
        if !loaded {
            token = cache.token(for: key)
            loaded = true
        }
        return token
    }

    private func obtain(replacing held: OAuth2Token?, now: Date, interaction: OAuth2Interaction?) async -> Result<OAuth2Token, OAuth2Error> {
        let refreshToken = held?.refreshToken ?? (settings.refreshToken.isEmpty ? nil : settings.refreshToken)
        if let refreshToken {
            do {
                var fresh = try await endpoint.token([URLQueryItem(name: "grant_type", value: "refresh_token"),
                                                      URLQueryItem(name: "refresh_token", value: refreshToken)], asking: false, now: now)
                // A server that does not rotate refresh tokens sends none back: the old one stays good.
                if fresh.refreshToken == nil { fresh.refreshToken = refreshToken }
                keep(fresh)
                return .success(fresh)
            } catch {
                // A refused refresh token (expired, revoked) is dropped and the grant asked again, unless the grant is
                // the refresh token itself: then there is nothing else to try.
                if settings.grant == .refreshToken { return .failure(error) }
                if case .exchange = error { return .failure(error) }
            }
        }
        do {
            let fresh = try await grantToken(now: now, interaction: interaction)
            keep(fresh)
            return .success(fresh)
        } catch {
            return .failure(error)
        }
    }

    private func grantToken(now: Date, interaction: OAuth2Interaction?) async throws(OAuth2Error) -> OAuth2Token {
        switch settings.grant {
        case .clientCredentials:
            return try await endpoint.token([URLQueryItem(name: "grant_type", value: "client_credentials")], now: now)
        case .password:
            return try await endpoint.token([URLQueryItem(name: "grant_type", value: "password"),
                                             URLQueryItem(name: "username", value: settings.username),
                                             URLQueryItem(name: "password", value: settings.password)], now: now)
        case .refreshToken:
            throw .settings("the refresh_token grant needs 'refreshToken' (a secret variable)")
        case .authorizationCode, .deviceCode:
            guard let interaction else { throw .needsInteraction(settings.grant) }
            return try await interactiveToken(now: now, interaction: interaction)
        }
    }
}

extension OAuth2Credential: Hashable {
    /// The same token: the same key and settings (the token held is state, not identity).
    public static func == (lhs: OAuth2Credential, rhs: OAuth2Credential) -> Bool {
        lhs.key == rhs.key && lhs.settings == rhs.settings
    }

    /// Hashes the key, which settings that compare equal share.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
    }
}
