import ExplorerCore

extension CollectionFileParser {
    /// The settings of an `oauth2` auth block; what the grant needs is required here, so a missing endpoint is an
    /// error at its line rather than a failed request later.
    mutating func oauth2(_ auth: YAMLMap) throws(CollectionProblem) -> OAuth2Spec {
        let grantText = try auth.requiredString("grant", in: "oauth2 auth")
        guard let grant = OAuth2Grant(rawValue: grantText) else {
            throw CollectionProblem(auth.location("grant"), "unknown grant '\(grantText)' in oauth2 auth; expected "
                                    + OAuth2Grant.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let clientAuthText = try auth.string("clientAuth") ?? "basic"
        guard let clientAuth = OAuth2ClientAuthentication(rawValue: clientAuthText) else {
            throw CollectionProblem(auth.location("clientAuth"), "expected 'clientAuth' to be basic or body, found '\(clientAuthText)'")
        }
        var redirectPort: Int?
        if let text = try auth.string("redirectPort") {
            guard let port = Int(text), (1...65_535).contains(port) else {
                throw CollectionProblem(auth.location("redirectPort"), "expected 'redirectPort' to be a port number from 1 to 65535, found '\(text)'")
            }
            redirectPort = port
        }
        let what = "oauth2 auth with grant \(grant.rawValue)"
        var spec = OAuth2Spec(grant: grant, tokenURL: try auth.requiredString("tokenURL", in: what), clientAuth: clientAuth,
                              redirectPort: redirectPort)
        spec.clientId = try auth.string("clientId") ?? ""
        spec.clientSecret = try auth.string("clientSecret") ?? ""
        spec.scope = try auth.string("scope") ?? ""
        spec.audience = try auth.string("audience") ?? ""
        spec.username = try auth.string("username") ?? ""
        spec.password = try auth.string("password") ?? ""
        spec.refreshToken = try auth.string("refreshToken") ?? ""
        spec.parameters = try keyValues(auth, "parameters")
        switch grant {
        case .authorizationCode:
            spec.authorizationURL = try auth.requiredString("authorizationURL", in: what)
            spec.clientId = try auth.requiredString("clientId", in: what)
        case .deviceCode:
            spec.deviceAuthorizationURL = try auth.requiredString("deviceAuthorizationURL", in: what)
            spec.clientId = try auth.requiredString("clientId", in: what)
        case .password:
            spec.username = try auth.requiredString("username", in: what)
        case .refreshToken:
            spec.refreshToken = try auth.requiredString("refreshToken", in: what)
        case .clientCredentials:
            // An empty client is refused by the token endpoint with its own words (invalid_client), which say more.
            break
        }
        if grant != .authorizationCode { spec.authorizationURL = try auth.string("authorizationURL") ?? "" }
        if grant != .deviceCode { spec.deviceAuthorizationURL = try auth.string("deviceAuthorizationURL") ?? "" }
        return spec
    }
}
