import Foundation
import NIOCore
import NIOSSL

/// What AsyncHTTPClient's new connections negotiated, by the server's port: AHC does not tell a response which
/// connection carried it, so a response shows the TLS details of the latest connection made to its port.
final class TLSSessionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var byPort: [Int: TLSDetails] = [:]

    /// Reads the TLS session of a new connection; runs on the connection's event loop.
    func capture(_ channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.submit { [self] in
            guard let port = channel.remoteAddress?.port,
                  let handler = try? channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self) else { return }
            let certificate = handler.peerCertificate
            let details = TLSDetails(
                version: handler.tlsVersion.map(TLSSessionLog.name(of:)) ?? "TLS",
                subject: certificate.map { TLSSessionLog.text(of: $0.subjectName) } ?? "",
                issuer: certificate.map { TLSSessionLog.text(of: $0.issuerName) } ?? "",
                expires: certificate.map { Date(timeIntervalSince1970: TimeInterval($0.notValidAfter)) })
            lock.withLock { byPort[port] = details }
        }
    }

    /// The details of the latest TLS connection to `port`.
    func details(port: Int) -> TLSDetails? {
        lock.withLock { byPort[port] }
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
    private static func text(of names: [SSLCertificateName]) -> String {
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
