import ExplorerCore
import Foundation

/// Where the time of a kept exchange's last hop went, as the trace measured it, in seconds from its start; a phase
/// the transport did not go through or could not measure is nil. Kept so `history export --har` can write timings.
public struct HistoryTiming: Sendable, Equatable, Codable {
    /// Waiting before a connection was opened: for the pool or a thread, and making the TLS context.
    public var blocked: Double?
    /// Resolving the host name.
    public var dns: Double?
    /// Opening the connection, from the start until it was ready (waiting, DNS, TCP and TLS together).
    public var connect: Double?
    /// The TCP connect on its own.
    public var tcp: Double?
    /// The TLS handshake on its own.
    public var tls: Double?
    /// From the start until the response head arrived.
    public var firstByte: Double?
    /// From the head until the last byte of the body.
    public var download: Double?
    /// The protocol the response came over (`HTTP/1.1`, `HTTP/2`), when the transport said.
    public var httpVersion: String?

    /// Creates a timing.
    public init(blocked: Double? = nil, dns: Double? = nil, connect: Double? = nil, tcp: Double? = nil, tls: Double? = nil,
                firstByte: Double? = nil, download: Double? = nil, httpVersion: String? = nil) {
        self.blocked = blocked
        self.dns = dns
        self.connect = connect
        self.tcp = tcp
        self.tls = tls
        self.firstByte = firstByte
        self.download = download
        self.httpVersion = httpVersion
    }

    /// The timing of a response's last hop and the protocol of its connection.
    public init(_ timing: HopTiming, connection: ConnectionDetails?) {
        let waits = [timing.queued, timing.tlsSetup].compactMap { $0 }
        self.init(blocked: waits.isEmpty ? nil : waits.reduce(0, +), dns: timing.dns, connect: timing.connect, tcp: timing.tcp,
                  tls: timing.tlsHandshake, firstByte: timing.firstByte, download: timing.download, httpVersion: connection?.httpVersion)
    }
}
