import Foundation

/// A token's state in one line, as `apiexplorer auth` prints it and the explorer's Auth tab shows it.
public enum OAuth2TokenState {
    /// `oauth2 client_credentials: expires in 43 min, scopes read write`, or `… no token` when none is held.
    public static func text(_ token: OAuth2Token?, grant: OAuth2Grant, now: Date = Date()) -> String {
        "oauth2 \(grant.rawValue): " + (token.map { summary($0, now: now) } ?? "no token")
    }

    /// `expires in 43 min, scopes read write, refreshable`.
    public static func summary(_ token: OAuth2Token, now: Date = Date()) -> String {
        var parts = [token.expiryText(at: now)]
        if !token.scope.isEmpty { parts.append("scopes \(token.scope)") }
        if token.refreshToken != nil { parts.append("refreshable") }
        return parts.joined(separator: ", ")
    }
}
