import Foundation

/// Where the time of one hop went, in seconds from the moment it was started; a phase the transport did not go
/// through (DNS and connect on a reused connection) or could not measure is `nil`.
public struct HopTiming: Sendable, Hashable {
    /// Resolving the host name on its own: no transport measures it apart, so it stays `nil` (see `connect`).
    public var dns: TimeInterval?
    /// Opening the connection the hop went over, from the hop's start until the connection was ready to send: DNS,
    /// TCP and TLS together, because AsyncHTTPClient reports no phase of a connection apart (only when it is ready).
    /// `nil` on a reused connection and on the URLSession transport, which tells nothing about connections.
    public var connect: TimeInterval?
    /// The TLS handshake on its own: no transport measures it apart, so it stays `nil` (see `connect`).
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
