import Foundation
import NIOCore
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A TLS handshake ended because the server's certificate was refused, with what it takes to say why as curl does:
/// the host it was checked for and the certificate the server presented.
struct CertificateRefusal: Error {
    /// NIOSSL's error: verification failed, or the certificate does not name the host.
    let error: any Error
    /// The host as the request's URL names it (an IP address without brackets).
    let host: String
    /// The server's certificate; `nil` when it could not be read.
    let certificate: NIOSSLCertificate?

    /// True for the NIOSSL errors that refuse the server's certificate.
    static func refuses(_ error: any Error) -> Bool {
        if isHostMismatch(error) { return true }
        let boring: BoringSSLError
        if let tls = error as? NIOSSLError, case .handshakeFailed(let inner) = tls {
            boring = inner
        } else if let inner = error as? BoringSSLError {
            boring = inner
        } else {
            return false
        }
        let text = "\(boring)".lowercased()
        return text.contains("certificate_verify_failed") || text.contains("certificate verify failed")
    }

    private static func isHostMismatch(_ error: any Error) -> Bool {
        (error as? NIOSSLExtraError) == .failedToValidateHostname
    }

    /// The refusal in words, with what to do about it; `now` is the time the certificate's dates are checked against.
    func urlError(now: Date = Date()) -> URLError {
        // BoringSSL checks the chain and the dates; NIOSSL checks the name only after a handshake that passed both.
        if Self.isHostMismatch(error) {
            let names = certificate.map(Self.names(in:)) ?? []
            let detail = names.isEmpty ? "the certificate is not for \(host)" : "the certificate is for \(Self.list(names)), not \(host)"
            return URLError(.serverCertificateUntrusted, detail: detail,
                            advice: "Use a host name the certificate is for, or have the server present a certificate for this one.")
        }
        guard let certificate else {
            return URLError(.serverCertificateUntrusted, detail: "the certificate of \(host) was refused",
                            advice: "Check its dates and its CA; trust the CA with caCertificates if it is one of your own.")
        }
        let notAfter = Date(timeIntervalSince1970: TimeInterval(certificate.notValidAfter))
        if notAfter < now {
            return URLError(.serverCertificateHasBadDate, detail: "the certificate of \(host) expired on \(Self.text(of: notAfter))",
                            advice: "The server needs a new certificate (or this machine's clock is wrong).")
        }
        let notBefore = Date(timeIntervalSince1970: TimeInterval(certificate.notValidBefore))
        if notBefore > now {
            return URLError(.serverCertificateNotYetValid, detail: "the certificate of \(host) is not valid until \(Self.text(of: notBefore))",
                            advice: "Check this machine's clock; if it is right, the server's certificate is not valid yet.")
        }
        let why = certificate.subjectName == certificate.issuerName ? "it is self-signed"
            : "it is signed by an unknown CA, \(TLSDetails.text(of: certificate.issuerName))"
        return URLError(.serverCertificateHasUnknownRoot, detail: "the certificate of \(host) is not trusted: \(why)",
                        advice: "Add its CA with caCertificates, or set verifyTLS: false for this environment if you trust the server.")
    }

    /// The DNS names and IP addresses the certificate is for, or its common name when it has no alternative names.
    private static func names(in certificate: NIOSSLCertificate) -> [String] {
        var names: [String] = []
        for name in certificate._subjectAlternativeNames() {
            let bytes = name.contents.withUnsafeBufferPointer { Array($0) }
            if name.nameType == .dnsName {
                names.append(String(decoding: bytes, as: UTF8.self))
            } else if name.nameType == .ipAddress,
                      let address = try? SocketAddress(packedIPAddress: ByteBuffer(bytes: bytes), port: 0).ipAddress {
                names.append(address)
            }
        }
        if names.isEmpty {
            names = certificate.subjectName.filter { $0.type == .commonName }.map(\.value)
        }
        return names
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// "2025-01-02 00:00 UTC".
    private static func text(of date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
