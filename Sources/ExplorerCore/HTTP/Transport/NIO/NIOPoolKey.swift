import Foundation

/// Which requests of `SwiftNIOTransport` may share a connection: same scheme, host and port, same TLS options, same
/// proxy.
package struct NIOPoolKey: Hashable, Sendable {
    /// https.
    package var isTLS: Bool
    /// The host, lower-cased, as the URL names it (an IP address without brackets).
    package var host: String
    /// The port, the scheme's default when the URL names none.
    package var port: Int
    /// The TLS options, verification included; `nil` for http.
    package var tls: TLSOptions?
    /// The proxy the connection goes through; `nil` for a direct one.
    package var proxy: ProxyChoice?
    /// Connections open or being opened for the key at most.
    package var connectionLimit = NIOPoolStateMachine.connectionsPerKey

    /// True when `host` is an IPv4 or IPv6 address rather than a name (no DNS, no SNI).
    package var hostIsAddress: Bool {
        host.contains(":") || host.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
    }

    /// `host:port` as the Host header and CONNECT write it, with brackets around an IPv6 address.
    package var authority: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}

extension NIOPoolKey {
    /// The key of one connection of a protocol that runs over http or https (WebSocket, gRPC) to `url`'s host and port
    /// (the scheme's default, 443 or 80, when it names none): TLS with `tls` when `isTLS`, and the proxy chosen as for
    /// the same URL over http(s).
    package static func connection(to url: URL, isTLS: Bool, tls: TLSOptions, proxy configured: String?) throws(URLError) -> NIOPoolKey {
        let host = (url.host ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        var http = URLComponents(url: url, resolvingAgainstBaseURL: false)
        http?.scheme = isTLS ? "https" : "http"
        let proxy = try ProxyChoice.forRequest(to: http?.url ?? url, configured: configured)
        return NIOPoolKey(isTLS: isTLS, host: host, port: url.port ?? (isTLS ? 443 : 80), tls: isTLS ? tls : nil, proxy: proxy,
                          connectionLimit: NIOPoolStateMachine.connectionsPerKey)
    }
}
