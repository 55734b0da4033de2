import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP proxy a request goes through: the configuration's own (`proxy:` in an environment), else `HTTPS_PROXY`
/// or `HTTP_PROXY` (by the request's scheme, upper or lower case) unless `NO_PROXY` names the host.
package struct ProxyChoice: Hashable, Sendable {
    /// The proxy's host.
    var host: String
    /// The proxy's port (80 when the URL names none).
    var port: Int
    /// `user:password` from the proxy URL, sent as Proxy-Authorization (Basic).
    var credentials: (user: String, password: String)?

    /// The Proxy-Authorization value for `credentials` (`Basic …`); `nil` without them.
    var authorization: String? {
        credentials.map { "Basic " + Data("\($0.user):\($0.password)".utf8).base64EncodedString() }
    }

    package static func == (lhs: ProxyChoice, rhs: ProxyChoice) -> Bool {
        lhs.host == rhs.host && lhs.port == rhs.port && lhs.credentials?.user == rhs.credentials?.user
            && lhs.credentials?.password == rhs.credentials?.password
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(host)
        hasher.combine(port)
        hasher.combine(credentials?.user)
    }

    /// The proxy variables of the process, read once: copying the whole environment for every request cost time.
    static let processVariables: [String: String] = ProcessInfo.processInfo.environment.filter { name, _ in
        ["http_proxy", "https_proxy", "no_proxy"].contains(name.lowercased())
    }

    /// The value of `proxy:` that sends requests directly, whatever the environment variables say.
    package static let direct = "direct"

    /// The proxy for `url`; `nil` for a direct connection. Throws a URLError naming `proxy` when its value is not an
    /// http:// URL with a host.
    package static func forRequest(to url: URL, configured: String?,
                           environment: [String: String] = ProxyChoice.processVariables) throws(URLError) -> ProxyChoice? {
        if let configured {
            if configured == direct { return nil }
            return try parse(configured, source: "proxy")
        }
        guard let host = url.host?.lowercased() else { return nil }
        func variable(_ name: String) -> String? {
            (environment[name] ?? environment[name.lowercased()]).flatMap { $0.isEmpty ? nil : $0 }
        }
        if let noProxy = variable("NO_PROXY"), bypasses(host: host, noProxy: noProxy) { return nil }
        let name = url.scheme?.lowercased() == "https" ? "HTTPS_PROXY" : "HTTP_PROXY"
        guard let value = variable(name) else { return nil }
        return try parse(value, source: name)
    }

    /// True when NO_PROXY (`*`, or hosts and domain suffixes separated by commas) covers `host`.
    static func bypasses(host: String, noProxy: String) -> Bool {
        for entry in noProxy.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !entry.isEmpty {
            if entry == "*" { return true }
            let name = entry.split(separator: ":").first.map(String.init) ?? entry
            let domain = name.hasPrefix(".") ? String(name.dropFirst()) : name
            if host == domain || host.hasSuffix("." + domain) { return true }
        }
        return false
    }

    /// Reads `http://[user:password@]host[:port]` (a bare `host:port` is taken as http).
    package static func parse(_ value: String, source: String) throws(URLError) -> ProxyChoice {
        let text = value.contains("://") ? value : "http://" + value
        guard let url = URL(string: text), url.scheme?.lowercased() == "http", let host = url.host, !host.isEmpty else {
            throw URLError(.badURL, detail: "\(source): '\(value)' is not an http:// proxy URL with a host (like http://proxy.example:3128)")
        }
        let credentials = url.user.map { (user: $0.removingPercentEncoding ?? $0, password: url.password?.removingPercentEncoding ?? "") }
        return ProxyChoice(host: host, port: url.port ?? 80, credentials: credentials)
    }
}
