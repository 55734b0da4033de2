import Foundation
import NIOCore
import NIOSSL

extension TLSDetails {
    /// The TLS session of a connection's channel and its server certificate; `nil` when the channel has no TLS.
    /// Must run on the channel's event loop.
    init?(channel: any Channel) {
        guard let handler = try? channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self) else { return nil }
        let certificate = handler.peerCertificate
        self.init(version: handler.tlsVersion.map(TLSDetails.name(of:)) ?? "TLS",
                  subject: certificate.map { TLSDetails.text(of: $0.subjectName) } ?? "",
                  issuer: certificate.map { TLSDetails.text(of: $0.issuerName) } ?? "",
                  expires: certificate.map { Date(timeIntervalSince1970: TimeInterval($0.notValidAfter)) })
    }

    private static func name(of version: TLSVersion) -> String {
        switch version {
        case .tlsv1: return "TLSv1.0"
        case .tlsv11: return "TLSv1.1"
        case .tlsv12: return "TLSv1.2"
        case .tlsv13: return "TLSv1.3"
        }
    }

    /// "CN=example.com, O=Example" from a certificate name.
    static func text(of names: [SSLCertificateName]) -> String {
        names.map { name -> String in
            let key: String
            switch name.type {
            case .commonName: key = "CN"
            case .organization: key = "O"
            case .organizationalUnit: key = "OU"
            case .country: key = "C"
            case .state: key = "ST"
            case .city: key = "L"
            case .emailAddress: key = "emailAddress"
            default: key = "?"
            }
            return "\(key)=\(name.value)"
        }.joined(separator: ", ")
    }
}
