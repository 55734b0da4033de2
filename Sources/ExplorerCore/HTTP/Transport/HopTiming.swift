import Foundation

/// Where the time of one hop went, in seconds from the moment it was started; a phase the transport did not go
/// through (DNS and connect on a reused connection) or could not measure is `nil`.
public struct HopTiming: Sendable, Hashable {
    /// Resolving the host name.
    public var dns: TimeInterval?
    /// Opening the TCP connection.
    public var connect: TimeInterval?
    /// The TLS handshake.
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
