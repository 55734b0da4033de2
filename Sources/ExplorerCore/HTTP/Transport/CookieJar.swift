import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cookies a collection and environment's requests received: what `Set-Cookie` stored is sent back on later requests
/// to the same site (domain, path, `Secure` and expiry honoured), on every transport and every redirect hop. A jar
/// with a file reads it on first use and writes it back after changes (see `CookieJar+Disk.swift`).
public final class CookieJar: @unchecked Sendable {
    let lock = NSLock()
    /// The cookies as this process sees them: the file's, with this process's own changes over them.
    var stored: [CookieRecord] = []
    /// The Netscape cookie file the jar is kept in; `nil` for a jar in memory only.
    public let file: String?
    /// Whether session cookies (no Expires or Max-Age) are written to the file, so they outlive the process.
    public let keepsSessionCookies: Bool
    /// Cookies this process set or removed that the file may not show yet: laid over the file each time it is read,
    /// so another process's write does not undo them.
    var setHere: [CookieRecord] = []
    var removedHere: [CookieRecord] = []
    /// The file's identity when last read or written (inode, size, modification time); a change means another process wrote it.
    var fileStamp: String?
    var loaded = false
    /// True when the file is behind the jar in something it keeps.
    var dirty = false
    var saveScheduled = false
    /// Serialises saves of this jar (the timer's and the one its owner makes before the process ends).
    let saving = NSLock()

    /// An empty jar in memory.
    public init() {
        file = nil
        keepsSessionCookies = false
    }

    /// A jar kept in the Netscape cookie file at `file` (made on the first change if missing).
    public init(file: String, keepsSessionCookies: Bool) {
        self.file = file
        self.keepsSessionCookies = keepsSessionCookies
    }

    /// Every cookie in the jar that has not expired.
    public var cookies: [CookieRecord] {
        lock.withLock {
            refresh()
            return live()
        }
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
        let now = Date()
        let records = received.map { cookie in
            var record = CookieRecord(cookie)
            // Max-Age wins over Expires (RFC 6265 §5.3); FoundationNetworking's parser leaves it out of expiresDate, and
            // without it a cookie meant to last an hour would count as a session cookie and never reach the disk.
            if let seconds = CookieJar.maxAge(of: cookie, header: header), seconds > 0 { record.expires = now.addingTimeInterval(TimeInterval(seconds)) }
            return record
        }
        lock.withLock {
            refresh()
            for (cookie, record) in zip(received, records) {
                // Max-Age=0 (or less) deletes the cookie; FoundationNetworking's parser does not turn it into an expiry.
                if CookieJar.isDeletion(cookie, header: header) { forget(record) } else { keep(record) }
            }
        }
        scheduleSave()
        return records
    }

    /// Adds `records` (replacing cookies with the same name, domain and path), as an import does.
    public func insert(_ records: [CookieRecord]) {
        lock.withLock {
            refresh()
            for record in records { keep(record) }
        }
        scheduleSave()
    }

    /// Removes the cookie `record` names (its name, domain and path).
    public func remove(_ record: CookieRecord) {
        lock.withLock {
            refresh()
            forget(record)
        }
        scheduleSave()
    }

    /// Removes every cookie.
    public func removeAll() {
        lock.withLock {
            refresh()
            for record in stored { forget(record) }
        }
        scheduleSave()
    }

    /// The `Cookie` header for a request to `url`, or `nil` when no cookie matches.
    public func header(for url: URL) -> String? {
        guard let host = url.host?.lowercased() else { return nil }
        let isSecure = url.scheme?.lowercased() == "https"
        let path = url.path.isEmpty ? "/" : url.path
        let matching = lock.withLock {
            refresh()
            return live().filter { cookie in
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
        return maxAge(of: cookie, header: header).map { $0 <= 0 } ?? false
    }

    /// The cookie's Max-Age in seconds, from its properties or else from the Set-Cookie header; `nil` when it has none.
    static func maxAge(of cookie: HTTPCookie, header: String) -> Int? {
        (cookie.properties?[.maximumAge] as? String).flatMap { Int($0) } ?? maxAge(of: cookie.name, in: header)
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

    /// Keeps `record`, replacing the same cookie. Call with `lock` held.
    private func keep(_ record: CookieRecord) {
        stored.removeAll { $0.isSameCookie(as: record) }
        stored.append(record)
        removedHere.removeAll { $0.isSameCookie(as: record) }
        setHere.removeAll { $0.isSameCookie(as: record) }
        setHere.append(record)
        if file != nil, !record.isSession || keepsSessionCookies { dirty = true }
    }

    /// Drops the cookie `record` names. Call with `lock` held.
    private func forget(_ record: CookieRecord) {
        let wasKept = stored.contains { $0.isSameCookie(as: record) }
        stored.removeAll { $0.isSameCookie(as: record) }
        setHere.removeAll { $0.isSameCookie(as: record) }
        removedHere.removeAll { $0.isSameCookie(as: record) }
        removedHere.append(record)
        if file != nil, wasKept { dirty = true }
    }

    /// The stored cookies that have not expired; drops the others. Call with `lock` held.
    func live() -> [CookieRecord] {
        let now = Date()
        stored.removeAll { ($0.expires ?? .distantFuture) <= now }
        return stored
    }
}
