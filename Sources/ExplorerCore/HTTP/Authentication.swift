import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Credentials a request carries: HTTP Basic, a bearer token, or an API key in a header or the query.
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
