/// How to open a WebSocket connection: handshake headers, subprotocols, TLS, proxy and limits.
public struct WebSocketOptions: Sendable {
    /// Extra handshake headers (credentials, cookies, anything the server asks for).
    public var headers: [(name: String, value: String)]
    /// Subprotocols offered in `Sec-WebSocket-Protocol`, most wanted first.
    public var protocols: [String]
    /// Whether the server's certificate is verified (wss).
    public var verifyTLS: Bool
    /// Extra CAs and a client certificate (wss).
    public var tls: TLSOptions
    /// The proxy (`http://host:port`, or `direct`); nil uses HTTP(S)_PROXY as HTTP requests do.
    public var proxy: String?
    /// How long the connection and handshake may take, in seconds.
    public var handshakeTimeout: Double
    /// The largest message accepted from the server, in bytes.
    public var maxMessageSize: Int

    /// Options with the defaults: no extra headers, verified TLS, 30 s to connect, 16 MiB messages.
    public init(headers: [(name: String, value: String)] = [], protocols: [String] = [], verifyTLS: Bool = true,
                tls: TLSOptions = TLSOptions(), proxy: String? = nil, handshakeTimeout: Double = 30,
                maxMessageSize: Int = 16 << 20) {
        self.headers = headers
        self.protocols = protocols
        self.verifyTLS = verifyTLS
        self.tls = tls
        self.proxy = proxy
        self.handshakeTimeout = handshakeTimeout
        self.maxMessageSize = maxMessageSize
    }
}
