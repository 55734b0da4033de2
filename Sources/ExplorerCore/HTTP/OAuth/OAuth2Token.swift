import Foundation

/// An access token as the token endpoint issued it, with when it expires; kept in the token cache.
public struct OAuth2Token: Sendable, Equatable, Codable {
    /// The token sent as `Authorization: Bearer …`.
    public var accessToken: String
    /// The type the server named (`Bearer` almost always).
    public var tokenType: String
    /// The token to get the next access token with, when the server issued one.
    public var refreshToken: String?
    /// When the access token stops working; nil when the server did not say.
    public var expiresAt: Date?
    /// The scopes granted (the server's `scope`, else those asked for).
    public var scope: String

    /// Creates a token.
    public init(accessToken: String, tokenType: String = "Bearer", refreshToken: String? = nil, expiresAt: Date? = nil, scope: String = "") {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
    }

    /// Seconds before expiry at which a token is refreshed rather than sent: a request started just before the end
    /// would otherwise arrive with a dead token.
    public static let refreshMargin: TimeInterval = 60

    /// True when the token may still be sent at `now` (unknown expiry counts as valid until a 401 says otherwise).
    public func isFresh(at now: Date) -> Bool {
        guard let expiresAt else { return true }
        return expiresAt.timeIntervalSince(now) > OAuth2Token.refreshMargin
    }

    /// The values to mask wherever an exchange is shown or kept.
    public var secretValues: [String] {
        [accessToken] + (refreshToken.map { [$0] } ?? [])
    }

    /// The token's state in a few words: `expires in 43 min`, `expired`, `no expiry given`.
    public func expiryText(at now: Date) -> String {
        guard let expiresAt else { return "no expiry given" }
        let seconds = Int(expiresAt.timeIntervalSince(now).rounded())
        if seconds <= 0 { return "expired" }
        if seconds < 60 { return "expires in \(seconds) s" }
        if seconds < 7200 { return "expires in \(seconds / 60) min" }
        return "expires in \(seconds / 3600) h"
    }
}
