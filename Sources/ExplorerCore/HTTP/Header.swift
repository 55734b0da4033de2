import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP header field: a name, kept in the case it was given, and a value.
public struct Header: Hashable, Sendable, CustomStringConvertible {
    /// The field name as written; comparisons elsewhere ignore its case.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Creates a header field with labelled arguments.
    public init(name: String, value: String) {
        self.init(name, value)
    }

    /// `Name: value`.
    public var description: String { "\(name): \(value)" }

    /// Authorization schemes for `Header.authorization(_:value:)`.
    public enum AuthorizationType: String, Sendable {
        /// `Basic` with a base64 `user:password`.
        case basic = "Basic"
        /// `Bearer` with a token.
        case bearer = "Bearer"
    }

    /// An `Authorization` header with a scheme and its credentials (`Basic <value>` or `Bearer <value>`).
    public static func authorization(_ type: AuthorizationType, value: String) -> Header {
        Header("Authorization", "\(type.rawValue) \(value)")
    }

    /// A `Content-Type` header.
    public static func contentType(_ value: String) -> Header { Header("Content-Type", value) }

    /// An `Accept` header.
    public static func accept(_ value: String) -> Header { Header("Accept", value) }

    /// A `User-Agent` header.
    public static func userAgent(_ value: String) -> Header { Header("User-Agent", value) }
}
