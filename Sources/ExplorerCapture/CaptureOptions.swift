import Foundation

/// How the capturing proxy listens and reaches upstream servers.
public struct CaptureOptions: Sendable, Equatable {
    /// The address to listen on; loopback unless asked otherwise, as the proxy sees every credential that passes.
    public var host: String
    /// The port to listen on; 0 picks a free one.
    public var port: Int
    /// A PEM file of CA certificates trusted for upstream servers, in addition to the system's.
    public var caCertificatesFile: String?
    /// When true, upstream certificates are not verified.
    public var insecureUpstream: Bool
    /// The most bytes of a request body the proxy takes; a larger one is answered 413.
    public var maxRequestBodyBytes: Int
    /// Seconds to wait for an upstream server's answer head.
    public var upstreamTimeout: TimeInterval
    /// The most bytes of a plain-HTTP answer's body kept for the record (history and `--into` keep less; the rest
    /// goes to the client without being held).
    public var keptBodyBytes: Int

    /// Creates options: port 8888 on 127.0.0.1, upstream certificates verified.
    public init(host: String = "127.0.0.1", port: Int = 8888, caCertificatesFile: String? = nil, insecureUpstream: Bool = false,
                maxRequestBodyBytes: Int = 256 << 20, upstreamTimeout: TimeInterval = 60, keptBodyBytes: Int = 2 << 20) {
        self.host = host
        self.port = port
        self.caCertificatesFile = caCertificatesFile
        self.insecureUpstream = insecureUpstream
        self.maxRequestBodyBytes = maxRequestBodyBytes
        self.upstreamTimeout = upstreamTimeout
        self.keptBodyBytes = keptBodyBytes
    }
}
