/// The settings of the `oauth2` auth kind as written in a file (values may contain `{{variables}}`), or with every
/// variable substituted once a request is resolved.
public struct OAuth2Spec: Sendable, Equatable {
    /// How the first token is obtained.
    public var grant: OAuth2Grant
    /// Where tokens are requested and refreshed.
    public var tokenURL: String
    /// Where the browser is sent for `authorization_code`.
    public var authorizationURL: String
    /// Where a device code is requested for `device_code`.
    public var deviceAuthorizationURL: String
    /// The client's identifier.
    public var clientId: String
    /// The client's secret (usually a secret variable); empty for a public client.
    public var clientSecret: String
    /// Space-separated scopes asked for; empty asks for the server's default.
    public var scope: String
    /// The API the token is for (the `audience` parameter some servers want); empty sends none.
    public var audience: String
    /// The user's name, for `password`.
    public var username: String
    /// The user's password, for `password`.
    public var password: String
    /// The refresh token to start from, for `refresh_token`.
    public var refreshToken: String
    /// How the client authenticates to the token endpoint.
    public var clientAuth: OAuth2ClientAuthentication
    /// The loopback port the authorization code comes back to; nil takes a free one.
    public var redirectPort: Int?
    /// Extra form fields sent with every token request (a `resource`, a vendor's own parameter).
    public var parameters: [KeyValue]

    /// Creates settings; only the grant and the token endpoint are always needed.
    public init(grant: OAuth2Grant, tokenURL: String, authorizationURL: String = "", deviceAuthorizationURL: String = "",
                clientId: String = "", clientSecret: String = "", scope: String = "", audience: String = "",
                username: String = "", password: String = "", refreshToken: String = "",
                clientAuth: OAuth2ClientAuthentication = .basic, redirectPort: Int? = nil, parameters: [KeyValue] = []) {
        self.grant = grant
        self.tokenURL = tokenURL
        self.authorizationURL = authorizationURL
        self.deviceAuthorizationURL = deviceAuthorizationURL
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.scope = scope
        self.audience = audience
        self.username = username
        self.password = password
        self.refreshToken = refreshToken
        self.clientAuth = clientAuth
        self.redirectPort = redirectPort
        self.parameters = parameters
    }

    /// The values that must never be shown: the client secret, the password and a refresh token written in the file.
    public var secretValues: [String] {
        [clientSecret, password, refreshToken].filter { !$0.isEmpty }
    }

    /// A copy with `substitute` applied to every text value (variables resolved).
    public func mapped<Failure: Error>(_ substitute: (String) throws(Failure) -> String) throws(Failure) -> OAuth2Spec {
        var copy = self
        copy.tokenURL = try substitute(tokenURL)
        copy.authorizationURL = try substitute(authorizationURL)
        copy.deviceAuthorizationURL = try substitute(deviceAuthorizationURL)
        copy.clientId = try substitute(clientId)
        copy.clientSecret = try substitute(clientSecret)
        copy.scope = try substitute(scope)
        copy.audience = try substitute(audience)
        copy.username = try substitute(username)
        copy.password = try substitute(password)
        copy.refreshToken = try substitute(refreshToken)
        var parameters: [KeyValue] = []
        for parameter in self.parameters {
            parameters.append(KeyValue(try substitute(parameter.name), try substitute(parameter.value), enabled: parameter.enabled))
        }
        copy.parameters = parameters
        return copy
    }
}

extension OAuth2Spec {
    /// The keys an `oauth2` auth block may have.
    package static let fileKeys = ["type", "grant", "tokenURL", "authorizationURL", "deviceAuthorizationURL", "clientId", "clientSecret",
                           "scope", "audience", "username", "password", "refreshToken", "clientAuth", "redirectPort", "parameters"]

    /// The block's text keys and values in file order, those left empty (or at their default) omitted.
    package var fileFields: [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = [("grant", grant.rawValue), ("tokenURL", tokenURL)]
        let optional: [(String, String)] = [("authorizationURL", authorizationURL), ("deviceAuthorizationURL", deviceAuthorizationURL),
                                            ("clientId", clientId), ("clientSecret", clientSecret), ("scope", scope), ("audience", audience),
                                            ("username", username), ("password", password), ("refreshToken", refreshToken)]
        fields += optional.filter { !$0.1.isEmpty }.map { (key: $0.0, value: $0.1) }
        if clientAuth != .basic { fields.append(("clientAuth", clientAuth.rawValue)) }
        if let redirectPort { fields.append(("redirectPort", String(redirectPort))) }
        return fields
    }
}
