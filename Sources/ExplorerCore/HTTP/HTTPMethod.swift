import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP request method; the common ones are static members and any other token can be made from a string.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token as sent on the wire, upper-cased.
    public let rawValue: String

    /// Creates a method from a token; lower-case tokens are upper-cased because servers treat methods case-sensitively.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    /// Creates a method from a string literal such as `"PURGE"`.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// `GET`.
    public static let get: HTTPMethod = "GET"
    /// `POST`.
    public static let post: HTTPMethod = "POST"
    /// `PUT`.
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`.
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`.
    public static let delete: HTTPMethod = "DELETE"
    /// `HEAD`.
    public static let head: HTTPMethod = "HEAD"
    /// `OPTIONS`.
    public static let options: HTTPMethod = "OPTIONS"
    /// `TRACE`.
    public static let trace: HTTPMethod = "TRACE"
    /// `CONNECT`.
    public static let connect: HTTPMethod = "CONNECT"

    /// True when the token is a valid RFC 9110 method token (letters, digits and `!#$%&'*+-.^_`|~`).
    public var isValidToken: Bool {
        !rawValue.isEmpty && rawValue.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
        }
    }

    /// True for methods that RFC 9110 defines as idempotent, which are safe to retry by default.
    public var isIdempotent: Bool {
        [HTTPMethod.get, .head, .put, .delete, .options, .trace].contains(self)
    }

    /// The method token.
    public var description: String { rawValue }
}
