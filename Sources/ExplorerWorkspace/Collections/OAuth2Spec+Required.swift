import ExplorerCore

extension OAuth2Spec {
    /// The file keys the grant needs that are empty (`authorizationURL` and `clientId` for the authorization code,
    /// `username` for the password grant, …); a collection file without them does not load, so an importer that
    /// cannot fill them imports the request without credentials and says why.
    public var missingRequiredKeys: [String] {
        var needed: [(String, String)] = [("tokenURL", tokenURL)]
        switch grant {
        case .authorizationCode: needed += [("authorizationURL", authorizationURL), ("clientId", clientId)]
        case .deviceCode: needed += [("deviceAuthorizationURL", deviceAuthorizationURL), ("clientId", clientId)]
        case .password: needed += [("username", username)]
        case .refreshToken: needed += [("refreshToken", refreshToken)]
        case .clientCredentials: break
        }
        return needed.filter { $0.1.isEmpty }.map(\.0)
    }
}
