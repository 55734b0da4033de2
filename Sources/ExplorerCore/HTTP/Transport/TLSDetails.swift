import Foundation

/// The negotiated TLS session and the server's certificate, as shown with a response.
public struct TLSDetails: Sendable, Hashable {
    /// "TLSv1.3", "TLSv1.2".
    public var version: String
    /// The server certificate's subject.
    public var subject: String
    /// The server certificate's issuer.
    public var issuer: String
    /// When the server certificate expires.
    public var expires: Date?

    /// Creates TLS details.
    public init(version: String, subject: String, issuer: String, expires: Date?) {
        self.version = version
        self.subject = subject
        self.issuer = issuer
        self.expires = expires
    }
}
