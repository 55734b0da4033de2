import Foundation

/// How long each phase of opening a connection took, in seconds. The phases follow one another without a gap, as
/// curl's timings do: each runs from the end of the one before it, so together they are the whole time from `started`
/// until the connection was ready.
struct ConnectionPhases: Sendable, Hashable {
    /// When opening began, before DNS, in `DispatchTime` uptime nanoseconds.
    var started: UInt64
    /// Resolving the host name; `nil` when the host was an IP address.
    var dns: TimeInterval?
    /// The TCP connect, to the server or to the proxy (and through a proxy, for https, the CONNECT tunnel).
    var tcp: TimeInterval
    /// The TLS handshake (with ALPN); `nil` for http.
    var tls: TimeInterval?

    /// The phases between the moments opening `started`, the host was `resolved` (`nil` for an IP address), the
    /// connection was `connected` (to the server or through the tunnel) and it was `ready`; `tls` for https.
    init(started: UInt64, resolved: UInt64?, connected: UInt64, ready: UInt64, tls: Bool) {
        func seconds(_ from: UInt64, _ to: UInt64) -> TimeInterval { Double(to &- from) / 1e9 }
        self.started = started
        dns = resolved.map { seconds(started, $0) }
        let connecting = resolved ?? started
        tcp = seconds(connecting, tls ? connected : ready)
        self.tls = tls ? seconds(connected, ready) : nil
    }
}
