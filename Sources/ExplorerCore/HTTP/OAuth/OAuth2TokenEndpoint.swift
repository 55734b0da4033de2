import Foundation

/// Posts form requests to an OAuth 2.0 server's token (or device authorization) endpoint, authenticating the client as
/// the settings say, and reads the JSON it answers: a token, or an error shown as the server wrote it.
public struct OAuth2TokenEndpoint: Sendable {
    /// The resolved settings.
    public let settings: OAuth2Spec
    /// The request's configuration (TLS, proxy, timeout), so the token goes the way the request itself would.
    public let configuration: Request.Configuration
    /// The largest answer read from a token endpoint: a token is a few kilobytes, and a larger answer would be kept
    /// in memory, then in the token cache on disk.
    public static let maxResponseBytes = 1 << 20

    /// Creates an endpoint for `settings`, sending with `configuration`.
    public init(settings: OAuth2Spec, configuration: Request.Configuration = Request.Configuration()) {
        var configuration = configuration
        // The token request is the client's own: no cookies of the API, no validators or retries of the request's.
        configuration.cookieJar = nil
        configuration.validators = []
        configuration.retryPolicy = nil
        configuration.parseHTTPStatusErrors = false
        configuration.acceptedStatusCodes = nil
        configuration.streamsEveryResponse = false
        configuration.maxResponseBytes = min(configuration.maxResponseBytes ?? Self.maxResponseBytes, Self.maxResponseBytes)
        self.settings = settings
        self.configuration = configuration
    }

    /// Requests a token with `fields` (the grant's own: `grant_type` and what it needs), adding the scope, audience
    /// and extra parameters when `asking` (a refresh keeps what was granted).
    public func token(_ fields: [URLQueryItem], asking: Bool = true, now: Date = Date()) async throws(OAuth2Error) -> OAuth2Token {
        var form = fields
        if asking {
            if !settings.scope.isEmpty { form.append(URLQueryItem(name: "scope", value: settings.scope)) }
            if !settings.audience.isEmpty { form.append(URLQueryItem(name: "audience", value: settings.audience)) }
        }
        for parameter in settings.parameters where parameter.enabled { form.append(URLQueryItem(name: parameter.name, value: parameter.value)) }
        let object = try await post(settings.tokenURL, form, what: "token endpoint")
        guard let access = object["access_token"] as? String, !access.isEmpty else {
            throw .exchange("the token endpoint answered without an access_token")
        }
        let expiresIn = (object["expires_in"] as? NSNumber)?.doubleValue ?? (object["expires_in"] as? String).flatMap(Double.init)
        return OAuth2Token(accessToken: access, tokenType: object["token_type"] as? String ?? "Bearer",
                           refreshToken: object["refresh_token"] as? String, expiresAt: expiresIn.map { now.addingTimeInterval($0) },
                           scope: object["scope"] as? String ?? settings.scope)
    }

    /// Posts `fields` to `url` with the client's authentication and returns the JSON object answered with a 2xx;
    /// an `error` in the answer (any status) is thrown as the server wrote it.
    public func post(_ url: String, _ fields: [URLQueryItem], what: String) async throws(OAuth2Error) -> [String: Any] {
        guard let target = URL(string: url), let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .settings("the \(what) '\(url)' is not an http(s) URL")
        }
        var form = fields
        var headers = HTTPHeaders()
        headers.set("Accept", "application/json")
        if !settings.clientSecret.isEmpty, settings.clientAuth == .basic {
            // RFC 6749 §2.3.1: each part form-encoded before the pair is base64-encoded.
            let pair = OAuth2TokenEndpoint.formEncoded(settings.clientId) + ":" + OAuth2TokenEndpoint.formEncoded(settings.clientSecret)
            headers.set("Authorization", "Basic " + Data(pair.utf8).base64EncodedString())
        } else {
            if !settings.clientId.isEmpty { form.append(URLQueryItem(name: "client_id", value: settings.clientId)) }
            if !settings.clientSecret.isEmpty { form.append(URLQueryItem(name: "client_secret", value: settings.clientSecret)) }
        }
        let request = Request(.post, url: target, headers: headers, body: .form(form), configuration: configuration)
        let response: Request.Response
        do {
            response = try await request.send()
        } catch {
            if error.transportFailure == .tooLarge {
                throw .exchange("the \(what) answered with more than \(MeasurementText.byteCount(Self.maxResponseBytes)), the most a token response may be; nothing was kept")
            }
            guard let answered = error.response else { throw .exchange("the \(what) could not be reached: \(error.description)") }
            response = answered
        }
        let object = (try? JSONSerialization.jsonObject(with: response.data)) as? [String: Any]
        if let code = object?["error"] as? String {
            throw .endpoint(code: code, description: object?["error_description"] as? String ?? "", status: response.statusCode)
        }
        guard (200..<300).contains(response.statusCode), let object else {
            let text = String(decoding: response.data.prefix(200), as: UTF8.self)
            throw .exchange("the \(what) answered \(response.statusCode) \(response.reasonPhrase)\(text.isEmpty ? "" : ": " + text)")
        }
        return object
    }

    /// `value` as `application/x-www-form-urlencoded` writes it (unreserved characters kept, space as `+`).
    static func formEncoded(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~ ")
        return (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value).replacingOccurrences(of: " ", with: "+")
    }
}
