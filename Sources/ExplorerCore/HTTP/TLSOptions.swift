import Foundation

/// The TLS settings of a request beyond on/off verification: extra trusted CAs and a client certificate (mTLS).
/// Only the SwiftNIO transport can use them.
public struct TLSOptions: Sendable, Hashable {
    /// Whether the server's certificate is verified (copied from `Configuration.verifiesTLSCertificates` when used).
    package var verify = true
    /// A PEM file of CA certificates trusted in addition to the system's.
    public var caCertificatesFile: String?
    /// A PEM file with the client certificate (and any intermediates) to present.
    public var clientCertificateFile: String?
    /// A PEM file with the client certificate's private key.
    public var clientKeyFile: String?
    /// The passphrase of an encrypted client key.
    public var clientKeyPassphrase: String?

    /// Creates TLS options; by default none of them is set.
    public init(caCertificatesFile: String? = nil, clientCertificateFile: String? = nil, clientKeyFile: String? = nil,
                clientKeyPassphrase: String? = nil) {
        self.caCertificatesFile = caCertificatesFile
        self.clientCertificateFile = clientCertificateFile
        self.clientKeyFile = clientKeyFile
        self.clientKeyPassphrase = clientKeyPassphrase
    }

    /// True when nothing beyond the system's trust store is asked for.
    public var isDefault: Bool { caCertificatesFile == nil && clientCertificateFile == nil && clientKeyFile == nil }
}
