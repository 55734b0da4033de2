import Foundation

/// Where the time of one hop went, in seconds from the moment it was started; a phase the transport did not go
/// through (DNS and connect on a reused connection) or could not measure is `nil`.
public struct HopTiming: Sendable, Hashable {
    /// Resolving the host name, on a new connection of the SwiftNIO transport (`nil` for an IP address, a reused
    /// connection, and the transports that do not measure it apart).
    public var dns: TimeInterval?
    /// Opening the connection the hop went over, from the hop's start until the connection was ready to send: TLS
    /// setup, waiting, DNS, TCP and TLS together. `nil` on a reused connection and on the URLSession transport, which
    /// tells nothing about connections. The SwiftNIO transport fills in `tlsSetup`, `queued`, `dns`, `tcp` and
    /// `tlsHandshake` too.
    public var connect: TimeInterval?
    /// Making the TLS context for the request's TLS options (reading the system's trust store, a CA file, a client
    /// certificate) before the connection was opened: on the SwiftNIO transport, for the first request with those
    /// options in the process; `nil` when a context made before served.
    public var tlsSetup: TimeInterval?
    /// From the start (and any TLS setup) until the SwiftNIO transport began opening the hop's new connection: waiting
    /// for the pool (at most 64 connections per origin) or for a thread. With it the phases add up to `connect`.
    public var queued: TimeInterval?
    /// The TCP connect on its own, on a new connection of the SwiftNIO transport.
    public var tcp: TimeInterval?
    /// The TLS handshake on its own, on a new https connection of the SwiftNIO transport.
    public var tlsHandshake: TimeInterval?
    /// From the start until the response head arrived (time to first byte).
    public var firstByte: TimeInterval?
    /// From the head until the last byte of the body.
    public var download: TimeInterval?
    /// From the start until the hop ended.
    public var end: TimeInterval = 0

    /// An empty timing.
    public init() {}
}
