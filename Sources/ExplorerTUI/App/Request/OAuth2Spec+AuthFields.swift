import ExplorerCore

/// The `oauth2` settings as rows of the Auth tab: the ones every grant has, then those of the grant chosen.
extension OAuth2Spec {
    /// Label, value and whether the value is secret, in the order the Auth tab shows them.
    var authFields: [(label: String, value: String, isSecret: Bool)] {
        var fields: [(label: String, value: String, isSecret: Bool)] = [
            ("Grant", grant.rawValue, false), ("Token URL", tokenURL, false), ("Client ID", clientId, false),
            ("Client secret", clientSecret, true), ("Scope", scope, false), ("Audience", audience, false),
            ("Client auth", clientAuth.rawValue, false),
        ]
        switch grant {
        case .authorizationCode: fields.append(("Authorization URL", authorizationURL, false))
        case .deviceCode: fields.append(("Device authorization URL", deviceAuthorizationURL, false))
        case .password: fields += [("Username", username, false), ("Password", password, true)]
        case .refreshToken: fields.append(("Refresh token", refreshToken, true))
        case .clientCredentials: break
        }
        return fields
    }

    /// A copy with the row labelled `label` set to `value`; a grant or client auth that is not one of the known
    /// spellings leaves the settings as they were.
    func setting(_ label: String, to value: String) -> OAuth2Spec {
        var copy = self
        switch label {
        case "Grant": copy.grant = OAuth2Grant(rawValue: value) ?? grant
        case "Token URL": copy.tokenURL = value
        case "Client ID": copy.clientId = value
        case "Client secret": copy.clientSecret = value
        case "Scope": copy.scope = value
        case "Audience": copy.audience = value
        case "Client auth": copy.clientAuth = OAuth2ClientAuthentication(rawValue: value) ?? clientAuth
        case "Authorization URL": copy.authorizationURL = value
        case "Device authorization URL": copy.deviceAuthorizationURL = value
        case "Username": copy.username = value
        case "Password": copy.password = value
        case "Refresh token": copy.refreshToken = value
        default: break
        }
        return copy
    }
}
