import Foundation

/// Which requests of `SwiftNIOTransport` may share a connection: same scheme, host and port, same TLS options, same
/// proxy.
struct NIOPoolKey: Hashable, Sendable {
    /// https.
    var isTLS: Bool
    /// The host, lower-cased, as the URL names it (an IP address without brackets).
    var host: String
    /// The port, the scheme's default when the URL names none.
    var port: Int
    /// The TLS options, verification included; `nil` for http.
    var tls: TLSOptions?
    /// The proxy the connection goes through; `nil` for a direct one.
    var proxy: ProxyChoice?
    /// Connections open or being opened for the key at most.
    var connectionLimit = NIOPoolStateMachine.connectionsPerKey

    /// True when `host` is an IPv4 or IPv6 address rather than a name (no DNS, no SNI).
    var hostIsAddress: Bool {
        host.contains(":") || host.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
    }

    /// `host:port` as the Host header and CONNECT write it, with brackets around an IPv6 address.
    var authority: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}
