import Foundation

/// The cookie file format curl (`-b`/`-c`), wget and browsers' export add-ons share: a `# Netscape HTTP Cookie File`
/// header, then one cookie a line as seven tab-separated fields — domain, include-subdomains (`TRUE`/`FALSE`), path,
/// secure (`TRUE`/`FALSE`), expiry (Unix seconds, `0` for a session cookie), name, value. An `HttpOnly` cookie's line
/// starts `#HttpOnly_`; any other line starting `#` is a comment.
public enum NetscapeCookieFile {
    /// The first line curl writes; readers accept files without it.
    public static let header = "# Netscape HTTP Cookie File"
    private static let httpOnlyPrefix = "#HttpOnly_"

    /// The cookies in `text`, with an error naming `path` and the line for each line that is not a cookie.
    /// Expired cookies are left out when `now` is given.
    public static func read(_ text: String, path: String, now: Date? = nil) -> (cookies: [CookieRecord], errors: [CookieFileError]) {
        var cookies: [CookieRecord] = []
        var errors: [CookieFileError] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine)
            let isHTTPOnly = line.hasPrefix(httpOnlyPrefix)
            if isHTTPOnly { line = line.dropFirst(httpOnlyPrefix.count) }
            if line.trimmingCharacters(in: .whitespaces).isEmpty || (!isHTTPOnly && line.hasPrefix("#")) { continue }
            do {
                let cookie = try cookie(from: line, isHTTPOnly: isHTTPOnly, path: path, number: index + 1)
                if let now, let expires = cookie.expires, expires <= now { continue }
                cookies.append(cookie)
            } catch {
                errors.append(error)
            }
        }
        return (cookies, errors)
    }

    /// The cookies in `text`; the first bad line is an error naming `path` and the line.
    public static func parse(_ text: String, path: String, now: Date? = nil) throws(CookieFileError) -> [CookieRecord] {
        let result = read(text, path: path, now: now)
        if let first = result.errors.first { throw first }
        return result.cookies
    }

    /// The file's text for `cookies`, header first, a session cookie with expiry 0.
    public static func render(_ cookies: [CookieRecord]) -> String {
        var text = header + "\n# Written by apiexplorer. Edit with care: each line is seven fields separated by tabs.\n\n"
        for cookie in cookies {
            let expiry = cookie.expires.map { String(Int64($0.timeIntervalSince1970.rounded(.up))) } ?? "0"
            let fields = [cookie.domain, flag(cookie.includesSubdomains), cookie.path.isEmpty ? "/" : cookie.path,
                          flag(cookie.isSecure), expiry, cookie.name, cookie.value]
            text += (cookie.isHTTPOnly ? httpOnlyPrefix : "") + fields.joined(separator: "\t") + "\n"
        }
        return text
    }

    private static func flag(_ value: Bool) -> String { value ? "TRUE" : "FALSE" }

    /// One cookie line (without its `#HttpOnly_` prefix), or why it is not one.
    private static func cookie(from line: Substring, isHTTPOnly: Bool, path: String, number: Int) throws(CookieFileError) -> CookieRecord {
        func failure(_ reason: String) -> CookieFileError { CookieFileError(path: path, line: number, reason: reason) }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        // curl writes an empty value as a trailing tab; some tools drop it, leaving six fields.
        guard fields.count == 7 || fields.count == 6 else {
            throw failure("expected 7 tab-separated fields (domain, subdomains, path, secure, expiry, name, value), found \(fields.count)")
        }
        guard !fields[0].isEmpty, !fields[0].contains(where: \.isWhitespace) else { throw failure("the domain is empty or has spaces") }
        guard let subdomains = boolean(fields[1]) else { throw failure("the second field must be TRUE or FALSE, found '\(TerminalSafeText.sanitize(fields[1]))'") }
        guard let secure = boolean(fields[3]) else { throw failure("the fourth field (secure) must be TRUE or FALSE, found '\(TerminalSafeText.sanitize(fields[3]))'") }
        guard let seconds = Int64(fields[4]), seconds >= 0 else {
            throw failure("the expiry must be Unix seconds (0 for a session cookie), found '\(TerminalSafeText.sanitize(fields[4]))'")
        }
        guard !fields[5].isEmpty else { throw failure("the cookie has no name") }
        var domain = fields[0].lowercased()
        if subdomains, !domain.hasPrefix(".") { domain = "." + domain }
        if !subdomains, domain.hasPrefix(".") { domain.removeFirst() }
        return CookieRecord(name: fields[5], value: fields.count == 7 ? fields[6] : "", domain: domain,
                                     path: fields[2].isEmpty ? "/" : fields[2],
                                     expires: seconds == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds)),
                                     isSecure: secure, isHTTPOnly: isHTTPOnly)
    }

    private static func boolean(_ text: String) -> Bool? {
        switch text.uppercased() {
        case "TRUE": true
        case "FALSE": false
        default: nil
        }
    }
}
