import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the core follows a redirect, hop by hop and identically on every transport.
enum Redirection {
    /// The most redirects one attempt follows before it fails with "Too many redirects".
    static let maxRedirects = 20

    /// The request for the next hop when `response` to `request` is a redirect to follow; `nil` when it is not one
    /// (no Location, or a status that is not a redirect). 303, and 301/302 after a POST, turn into a GET without body,
    /// as browsers and curl -L do; credentials are dropped when the origin changes.
    static func nextRequest(after request: URLRequest, response: HTTPURLResponse) -> URLRequest? {
        let status = response.statusCode
        guard [301, 302, 303, 307, 308].contains(status), let base = request.url,
              let location = response.value(forHTTPHeaderField: "Location"), !location.isEmpty,
              let target = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        var next = request
        next.url = target
        let method = request.httpMethod?.uppercased() ?? "GET"
        if status == 303 && method != "HEAD" || (status == 301 || status == 302) && method == "POST" {
            next.httpMethod = "GET"
            next.httpBody = nil
            for name in ["Content-Type", "Content-Length"] { next.setValue(nil, forHTTPHeaderField: name) }
        }
        return stripCredentialsIfCrossOrigin(next, from: base)
    }

    /// Credentials meant for one origin must not be replayed to another, so they are removed when a redirect changes origin.
    static func stripCredentialsIfCrossOrigin(_ request: URLRequest, from original: URL?) -> URLRequest {
        guard let original, let target = request.url, !sameOrigin(original, target) else { return request }
        var stripped = request
        let redactor = SecretRedactor()
        for name in (request.allHTTPHeaderFields ?? [:]).keys where redactor.isSecret(name) {
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        return stripped
    }

    /// True when both URLs have the same scheme, host and port.
    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return lhs.scheme?.lowercased() == rhs.scheme?.lowercased()
            && lhs.host?.lowercased() == rhs.host?.lowercased()
            && port(lhs) == port(rhs)
    }
}
