import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One cookie as shown to a person: what `Set-Cookie` set, or what a jar holds.
public struct CookieRecord: Sendable, Hashable {
    /// The cookie's name.
    public var name: String
    /// Its value.
    public var value: String
    /// The domain it is sent to (a leading dot includes subdomains).
    public var domain: String
    /// The path it is sent under.
    public var path: String
    /// When it expires; `nil` for the life of the process.
    public var expires: Date?
    /// Only sent over https.
    public var isSecure: Bool
    /// Hidden from scripts in a browser (`HttpOnly`).
    public var isHTTPOnly: Bool

    /// Creates a record.
    public init(name: String, value: String, domain: String, path: String, expires: Date?, isSecure: Bool, isHTTPOnly: Bool = false) {
        self.isHTTPOnly = isHTTPOnly
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expires = expires
        self.isSecure = isSecure
    }

    /// True for a session cookie: set with no Expires or Max-Age, it lasts as long as the process.
    public var isSession: Bool { expires == nil }

    /// True when the cookie is also sent to the domain's subdomains (it was set with a `Domain` attribute).
    public var includesSubdomains: Bool { domain.hasPrefix(".") }

    /// True when `other` is the same cookie: a later one with the same name, domain and path replaces it.
    public func isSameCookie(as other: CookieRecord) -> Bool {
        name == other.name && path == other.path && domain.caseInsensitiveCompare(other.domain) == .orderedSame
    }

    init(_ cookie: HTTPCookie) {
        self.init(name: cookie.name, value: cookie.value, domain: cookie.domain, path: cookie.path, expires: cookie.expiresDate,
                  isSecure: cookie.isSecure, isHTTPOnly: cookie.isHTTPOnly)
    }
}
