import Foundation

extension Request {
    /// Makes sure an OAuth 2.0 request holds a fresh token before it goes: the one cached, refreshed or obtained again.
    /// A grant that needs a person fails here unless a token was fetched before (`apiexplorer auth`, the Auth tab).
    func preparingOAuthToken() async throws(RequestError) {
        guard case let .oauth2(credential)? = authentication else { return }
        do {
            try await credential.validToken(now: configuration.clock())
        } catch {
            throw .other(request: self, message: "OAuth 2.0 token: \(error.description)")
        }
    }
}
