import Foundation

/// One connection a transport opened, as recorded when it became ready to carry requests (after TCP, TLS and ALPN).
struct ConnectionRecord: Sendable {
    /// The transport's number for it: 1 for the first connection it opened in this process, then 2, 3, …
    let number: Int
    /// When it became ready, in `DispatchTime` uptime nanoseconds.
    let readyAt: UInt64
    /// Where it goes: "127.0.0.1:8443", "[::1]:8443" (a proxy's address when it goes through one).
    let remoteAddress: String?
    /// The TLS session and server certificate, for https.
    let tls: TLSDetails?
    /// The protocol it speaks: "HTTP/1.1" or "HTTP/2".
    let httpVersion: String
    /// How long opening it took, phase by phase.
    var phases: ConnectionPhases?
}
