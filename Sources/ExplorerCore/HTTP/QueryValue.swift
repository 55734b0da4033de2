import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A value that can stand in a query string: optionals that are `nil` are dropped and arrays repeat their name.
public protocol QueryValue: Sendable {
    /// The strings this value contributes, one query item each; empty drops the parameter.
    var queryStrings: [String] { get }
}

extension String: QueryValue {
    /// The string itself.
    public var queryStrings: [String] { [self] }
}

extension Substring: QueryValue {
    /// The substring as a string.
    public var queryStrings: [String] { [String(self)] }
}

extension Int: QueryValue {
    /// The decimal digits.
    public var queryStrings: [String] { [String(self)] }
}

extension Double: QueryValue {
    /// The shortest text that reads back as the same number.
    public var queryStrings: [String] { [String(self)] }
}

extension Bool: QueryValue {
    /// `true` or `false`.
    public var queryStrings: [String] { [self ? "true" : "false"] }
}

extension Optional: QueryValue where Wrapped: QueryValue {
    /// Nothing for `nil`, so the parameter is left out.
    public var queryStrings: [String] { self?.queryStrings ?? [] }
}

extension Array: QueryValue where Element: QueryValue {
    /// One string per element, so `tags=a&tags=b`.
    public var queryStrings: [String] { flatMap(\.queryStrings) }
}
