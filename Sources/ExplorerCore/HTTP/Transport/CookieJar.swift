import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cookies kept for the life of the process: what `Set-Cookie` stored is sent back on later requests to the same site
/// (domain, path, `Secure` and expiry honoured), on every transport and every redirect hop.
public final class CookieJar: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [HTTPCookie] = []
    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [String: CookieJar] = [:]

    /// An empty jar.
    public init() {}

    /// The jar for `key` (a collection and environment), made on first use and kept for the life of the process.
    public static func shared(for key: String) -> CookieJar {
        registryLock.withLock {
            if let jar = registry[key] { return jar }
            let jar = CookieJar()
            registry[key] = jar
            return jar
        }
    }

    /// Every cookie in the jar that has not expired.
    public var cookies: [CookieRecord] {
        lock.withLock { live().map(CookieRecord.init) }
    }

    /// Stores the cookies `response` sets and returns them.
    @discardableResult
    func store(from response: HTTPURLResponse, url: URL) -> [CookieRecord] {
        let fields = response.allHeaderFields.reduce(into: [String: String]()) { fields, pair in
            if let name = pair.key as? String, let value = pair.value as? String { fields[name] = value }
        }
        let received = HTTPCookie.cookies(withResponseHeaderFields: fields, for: url)
        guard !received.isEmpty else { return [] }
        let header = fields.first { $0.key.caseInsensitiveCompare("Set-Cookie") == .orderedSame }?.value ?? ""
        lock.withLock {
            for cookie in received {
                stored.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
                // Max-Age=0 (or less) deletes the cookie; FoundationNetworking's parser does not turn it into an expiry.
                if !CookieJar.isDeletion(cookie, header: header) { stored.append(cookie) }
            }
        }
        return received.map(CookieRecord.init)
    }

    /// The `Cookie` header for a request to `url`, or `nil` when no cookie matches.
    func header(for url: URL) -> String? {
        guard let host = url.host?.lowercased() else { return nil }
        let isSecure = url.scheme?.lowercased() == "https"
        let path = url.path.isEmpty ? "/" : url.path
        let matching = lock.withLock {
            live().filter { cookie in
                let domain = cookie.domain.lowercased()
                let domainMatches = domain.hasPrefix(".")
                    ? host == String(domain.dropFirst()) || host.hasSuffix(domain)
                    : host == domain
                let cookiePath = cookie.path.isEmpty ? "/" : cookie.path
                let pathMatches = path == cookiePath || path.hasPrefix(cookiePath.hasSuffix("/") ? cookiePath : cookiePath + "/")
                return domainMatches && pathMatches && (!cookie.isSecure || isSecure)
            }
        }
        guard !matching.isEmpty else { return nil }
        return matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// True when `cookie` was set with a Max-Age of zero or less, or an expiry in the past.
    static func isDeletion(_ cookie: HTTPCookie, header: String) -> Bool {
        if let expires = cookie.expiresDate, expires <= Date() { return true }
        let maxAge = (cookie.properties?[.maximumAge] as? String).flatMap { Int($0) } ?? maxAge(of: cookie.name, in: header)
        return maxAge.map { $0 <= 0 } ?? false
    }

    /// The Max-Age attribute of the cookie `name` in a Set-Cookie header (several cookies may be joined by commas).
    private static func maxAge(of name: String, in header: String) -> Int? {
        let lower = header.lowercased()
        guard let start = lower.range(of: name.lowercased() + "=") else { return nil }
        let rest = lower[start.upperBound...]
        let next = rest.range(of: ",").map { rest[..<$0.lowerBound] } ?? rest
        guard let attribute = next.range(of: "max-age=") else { return nil }
        return Int(next[attribute.upperBound...].prefix { $0 == "-" || $0.isNumber })
    }

    /// The stored cookies that have not expired; drops the others. Call with `lock` held.
    private func live() -> [HTTPCookie] {
        let now = Date()
        stored.removeAll { ($0.expiresDate ?? .distantFuture) <= now }
        return stored
    }
}
