import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Credentials a request carries: HTTP Basic, a bearer token, an API key in a header or the query, HTTP Digest, or
/// an AWS Signature Version 4, or an OAuth 2.0 token.
public enum Authentication: Sendable, Hashable {
    /// Where an API key goes.
    public enum KeyLocation: String, Sendable, Hashable {
        /// In a header named after the key.
        case header
        /// In a query parameter named after the key.
        case query
    }

    /// `Authorization: Basic base64(username:password)`.
    case basic(username: String, password: String)
    /// `Authorization: Bearer token`.
    case bearer(token: String)
    /// An API key sent as a header or a query parameter.
    case apiKey(name: String, value: String, in: KeyLocation)
    /// HTTP Digest (RFC 7616): the server's 401 challenge is answered once, then its nonce is reused.
    case digest(username: String, password: String)
    /// AWS Signature Version 4, made over each hop's final headers just before it is sent.
    case aws(AWSCredentials)
    /// OAuth 2.0: the credential's bearer token, obtained before the request goes and renewed once after a 401.
    case oauth2(OAuth2Credential)

    /// The header this credential adds, if it goes in a header.
    public var header: Header? {
        switch self {
        case let .basic(username, password):
            let encoded = Data("\(username):\(password)".utf8).base64EncodedString()
            return .authorization(.basic, value: encoded)
        case let .bearer(token):
            return .authorization(.bearer, value: token)
        case let .apiKey(name, value, location):
            return location == .header ? Header(name, value) : nil
        case .digest, .aws, .oauth2:
            // Worked out per hop when it is sent (HopCredentials): they depend on the server's nonce, on the time, or
            // on a token that may be renewed between hops.
            return nil
        }
    }

    /// The query item this credential adds, if it goes in the query.
    public var queryItem: URLQueryItem? {
        if case let .apiKey(name, value, .query) = self {
            return URLQueryItem(name: name, value: value)
        }
        return nil
    }
}
