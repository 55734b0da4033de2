import Foundation

/// What a transport knows about the connection a response (or a redirect hop) came over.
public struct ConnectionDetails: Sendable, Hashable {
    /// The protocol in use: "HTTP/1.1", "HTTP/2".
    public var httpVersion: String
    /// The TLS session of this very connection, for https.
    public var tls: TLSDetails?
    /// The transport's number for the connection (1 for the first it opened in the process); `nil` when the transport
    /// does not tell (URLSession).
    public var number: Int?
    /// Where the connection goes, "127.0.0.1:8443" (a proxy's address when it went through one); `nil` when unknown.
    public var remoteAddress: String?
    /// True when the connection had carried a request before this hop or was open before the hop started; the time to
    /// open a new one is `HopTiming.connect`.
    public var reused: Bool

    /// Creates connection details.
    public init(httpVersion: String, tls: TLSDetails? = nil, number: Int? = nil, remoteAddress: String? = nil, reused: Bool = false) {
        self.httpVersion = httpVersion
        self.tls = tls
        self.number = number
        self.remoteAddress = remoteAddress
        self.reused = reused
    }
}
