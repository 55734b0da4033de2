import ExplorerCore
import ExplorerWorkspace

/// The OAuth 2.0 token of the selected request, fetched, renewed or forgotten from the Auth tab.
extension RequestPane {
    /// The key a token's state is kept under: the request in its environment (tokens are per environment).
    static func tokenKey(_ resolver: RequestResolver) -> String {
        resolver.reference + "#" + (resolver.environment?.name ?? "")
    }

    /// The effect that carries out `operation` on the selected request's token; a request without `oauth2` auth (its
    /// own or inherited) only gets a word on the status line.
    mutating func tokenEffect(_ operation: OAuthTokenOperation) -> [AppEffect] {
        guard let resolver = selectedResolver else {
            status = "Select a request in the tree first."
            return []
        }
        guard case .oauth2 = resolver.effectiveAuth else {
            status = "This request's credentials are not oauth2 (t chooses the kind)."
            return []
        }
        let key = RequestPane.tokenKey(resolver)
        switch operation {
        case .fetch: requestEditor.tokenStates[key] = "fetching…"
        case .refresh: requestEditor.tokenStates[key] = "getting a new token…"
        case .forget: break
        }
        return [.oauthToken(key: key, resolver: resolver, operation: operation)]
    }
}
