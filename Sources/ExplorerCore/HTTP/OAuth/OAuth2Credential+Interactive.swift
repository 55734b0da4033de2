import Foundation

extension OAuth2Credential {
    /// The first token of an interactive grant: the authorization code flow with PKCE, or the device code flow.
    func interactiveToken(now: Date, interaction: OAuth2Interaction) async throws(OAuth2Error) -> OAuth2Token {
        settings.grant == .deviceCode ? try await deviceToken(interaction) : try await authorizationCodeToken(interaction)
    }

    /// RFC 6749 §4.1 with PKCE S256 (RFC 7636) and a loopback redirect (RFC 8252): the browser approves, the code
    /// comes back to 127.0.0.1 with the `state` sent, and is exchanged with the verifier.
    private func authorizationCodeToken(_ interaction: OAuth2Interaction) async throws(OAuth2Error) -> OAuth2Token {
        let listener = try OAuth2RedirectListener(port: settings.redirectPort ?? 0)
        let redirect = "http://127.0.0.1:\(listener.port)/callback"
        let pkce = PKCE()
        let state = PKCE().verifier
        guard var components = URLComponents(string: settings.authorizationURL), components.scheme != nil else {
            throw .settings("the authorization endpoint '\(settings.authorizationURL)' is not a URL")
        }
        var items = components.queryItems ?? []
        items += [URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: settings.clientId),
                  URLQueryItem(name: "redirect_uri", value: redirect), URLQueryItem(name: "state", value: state),
                  URLQueryItem(name: "code_challenge", value: pkce.challenge), URLQueryItem(name: "code_challenge_method", value: "S256")]
        if !settings.scope.isEmpty { items.append(URLQueryItem(name: "scope", value: settings.scope)) }
        if !settings.audience.isEmpty { items.append(URLQueryItem(name: "audience", value: settings.audience)) }
        components.queryItems = items
        // `+` is a space to the server's form decoder, and `:`/`/` in redirect_uri must arrive encoded.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        let url = components.string ?? settings.authorizationURL
        let opened = interaction.opensBrowser && interaction.openBrowser(url)
        interaction.show(.openURL(url, opened: opened))
        guard let query = await listener.callback(timeout: interaction.patience) else {
            throw .notApproved("no answer from the browser within \(Int(interaction.patience)) s")
        }
        if let error = query["error"] {
            throw .endpoint(code: error, description: query["error_description"] ?? "", status: 0)
        }
        // A redirect whose state is not the one sent was not started by this client (RFC 6749 §10.12).
        guard query["state"] == state else { throw .notApproved("the redirect's state does not match the one sent; the code was not used") }
        guard let code = query["code"], !code.isEmpty else { throw .exchange("the redirect carried no code") }
        var fields = [URLQueryItem(name: "grant_type", value: "authorization_code"), URLQueryItem(name: "code", value: code),
                      URLQueryItem(name: "redirect_uri", value: redirect), URLQueryItem(name: "code_verifier", value: pkce.verifier)]
        // A public client (no secret) names itself in the body; the endpoint adds it then.
        if !settings.clientSecret.isEmpty, settings.clientAuth == .basic { fields.append(URLQueryItem(name: "client_id", value: settings.clientId)) }
        return try await endpoint.token(fields, asking: false)
    }

    /// RFC 8628: a device code and a user code are asked for, the person is shown the code and where to enter it, and
    /// the token endpoint is polled at the server's interval (slower after `slow_down`) until approved, refused or expired.
    private func deviceToken(_ interaction: OAuth2Interaction) async throws(OAuth2Error) -> OAuth2Token {
        var asked: [URLQueryItem] = []
        if !settings.scope.isEmpty { asked.append(URLQueryItem(name: "scope", value: settings.scope)) }
        if !settings.audience.isEmpty { asked.append(URLQueryItem(name: "audience", value: settings.audience)) }
        let started = try await endpoint.post(settings.deviceAuthorizationURL, asked, what: "device authorization endpoint")
        guard let deviceCode = started["device_code"] as? String, let userCode = started["user_code"] as? String,
              let verification = (started["verification_uri"] ?? started["verification_url"]) as? String else {
            throw .exchange("the device authorization endpoint answered without device_code, user_code and verification_uri")
        }
        var interval = (started["interval"] as? NSNumber)?.doubleValue ?? 5
        let lifetime = (started["expires_in"] as? NSNumber)?.doubleValue ?? interaction.patience
        let deadline = Date().addingTimeInterval(min(lifetime, interaction.patience))
        interaction.show(.enterCode(userCode: userCode, verificationURL: verification, completeURL: started["verification_uri_complete"] as? String))
        while Date() < deadline {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            if Task.isCancelled { throw .notApproved("cancelled") }
            do {
                return try await endpoint.token([URLQueryItem(name: "grant_type", value: "urn:ietf:params:oauth:grant-type:device_code"),
                                                 URLQueryItem(name: "device_code", value: deviceCode)], asking: false)
            } catch {
                guard case let .endpoint(code, _, _) = error else { throw error }
                switch code {
                case "authorization_pending": continue
                case "slow_down": interval += interaction.slowDownStep
                case "expired_token": throw .notApproved("the code \(userCode) expired before it was approved")
                default: throw error
                }
            }
        }
        throw .notApproved("the code \(userCode) was not approved in time")
    }
}
