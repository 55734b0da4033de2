import ExplorerCore

/// How a gRPC connection is opened and its calls made: TLS verification and certificates, the proxy, the time to
/// connect, compression and the largest message accepted.
public struct GRPCCallOptions: Sendable {
    /// Verify the server's certificate (grpcs).
    public var verifyTLS = true
    /// Extra CAs and a client certificate (grpcs).
    public var tls = TLSOptions()
    /// The proxy (`http://host:port` or `direct`); nil uses HTTPS_PROXY / HTTP_PROXY as HTTP requests do. A call goes
    /// through a proxy in a CONNECT tunnel.
    public var proxy: String?
    /// Seconds the connection (DNS, TCP, tunnel, TLS) may take.
    public var connectTimeout: Double = 30
    /// Compress the messages sent with gzip (`grpc-encoding: gzip`).
    public var gzip = false
    /// The largest reply message accepted, in bytes, after decompression.
    public var maxMessageSize = 16 << 20

    /// The defaults: verified TLS, the environment's proxy, 30 s to connect, no compression, 16 MiB messages.
    public init() {}
}
