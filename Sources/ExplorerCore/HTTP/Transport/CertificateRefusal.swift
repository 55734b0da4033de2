import Foundation
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A TLS handshake ended because the server's certificate was refused, with what it takes to say why as curl does:
/// the host it was checked for and the certificate the server presented.
struct CertificateRefusal: Error {
    /// NIOSSL's error: verification failed.
    let error: any Error
    /// The host as the request's URL names it (an IP address without brackets).
    let host: String
    /// The server's certificate; `nil` when it could not be read.
    let certificate: NIOSSLCertificate?

    /// True for the NIOSSL errors that refuse the server's certificate.
    static func refuses(_ error: any Error) -> Bool {
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

    /// The refusal in words, with what to do about it; `now` is the time the certificate's dates are checked against.
    func urlError(now: Date = Date()) -> URLError {
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

    /// "2025-01-02 00:00 UTC".
    private static func text(of date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
