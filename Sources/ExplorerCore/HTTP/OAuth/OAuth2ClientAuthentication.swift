/// How the client proves itself to the token endpoint (RFC 6749 §2.3.1).
public enum OAuth2ClientAuthentication: String, Sendable, Equatable {
    /// `Authorization: Basic base64(clientId:clientSecret)`, the form servers must accept.
    case basic
    /// `client_id` and `client_secret` as form fields of the token request.
    case body
}
