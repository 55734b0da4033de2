import Foundation

/// What a transport knows about the connection a response came over.
public struct ConnectionDetails: Sendable, Hashable {
    /// The protocol in use: "HTTP/1.1", "HTTP/2".
    public var httpVersion: String
    /// The TLS session, for https.
    public var tls: TLSDetails?

    /// Creates connection details.
    public init(httpVersion: String, tls: TLSDetails? = nil) {
        self.httpVersion = httpVersion
        self.tls = tls
    }
}
