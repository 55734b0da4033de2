import Foundation

/// How long each phase of opening a connection took, in seconds.
struct ConnectionPhases: Sendable, Hashable {
    /// Resolving the host name; `nil` when the host was an IP address.
    var dns: TimeInterval?
    /// The TCP connect, to the server or to the proxy.
    var tcp: TimeInterval
    /// The TLS handshake (with ALPN); `nil` for http.
    var tls: TimeInterval?
}
