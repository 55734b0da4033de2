import Crypto
import ExplorerCore
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// The proxy's local certificate authority: a P-256 CA made on first use and kept in the state directory (its key
/// readable by the owner alone), and a certificate for each host the proxy intercepts, made on the fly and signed by it.
public final class CaptureAuthority: @unchecked Sendable {
    /// The CA certificate as PEM, for a client to trust (`apiexplorer proxy --print-ca`).
    public let certificatePEM: String
    /// Where the CA certificate is kept.
    public let certificatePath: String

    private let certificate: Certificate
    private let key: P256.Signing.PrivateKey
    // One key serves every host certificate: making a P-256 key is cheap, but a host's TLS context is kept anyway.
    private let hostKey = P256.Signing.PrivateKey()
    private let lock = NSLock()
    private var contexts: [String: NIOSSLContext] = [:]

    /// Loads the CA kept in `directory` (`ca.pem`, `ca-key.pem`), or makes one there when neither file exists. The
    /// directory is locked meanwhile: two proxies started at once make one CA, not two half-written ones.
    public init(directory: String, now: Date = Date()) throws(CaptureAuthorityError) {
        certificatePath = directory + "/ca.pem"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: directory, reason: "\(error)")
        }
        var outcome: Result<Kept, CaptureAuthorityError> = .failure(.creation(reason: "the CA: the state directory was not locked"))
        do {
            try DirectoryLock.withLock(on: directory) { () throws(SaveError) in
                outcome = Result { () throws(CaptureAuthorityError) in try Self.loadOrMake(in: directory, now: now) }
            }
        } catch {
            throw .unwritable(path: directory, reason: error.description)
        }
        let kept = try outcome.get()
        certificate = kept.certificate
        certificatePEM = kept.pem
        key = kept.key
    }

    /// The CA's certificate, as PEM too, and its key.
    private struct Kept {
        let certificate: Certificate
        let pem: String
        let key: P256.Signing.PrivateKey
    }

    private static func loadOrMake(in directory: String, now: Date) throws(CaptureAuthorityError) -> Kept {
        let certificatePath = directory + "/ca.pem"
        let keyPath = directory + "/ca-key.pem"
        let manager = FileManager.default
        let hasCertificate = manager.fileExists(atPath: certificatePath)
        var hasKey = manager.fileExists(atPath: keyPath)
        if hasKey, !hasCertificate {
            // The key is written first: one without its certificate is a CA whose making was cut off, never trusted by
            // anyone (nobody had its certificate), so it is made again.
            do { try manager.removeItem(atPath: keyPath) } catch { throw .unwritable(path: keyPath, reason: "\(error)") }
            hasKey = false
        }
        if hasCertificate != hasKey {
            throw .incomplete(present: hasCertificate ? certificatePath : keyPath, missing: hasCertificate ? keyPath : certificatePath)
        }
        if hasCertificate {
            let certificate: Certificate
            let pem: String
            let key: P256.Signing.PrivateKey
            do {
                pem = try String(contentsOfFile: certificatePath, encoding: .utf8)
                certificate = try Certificate(pemEncoded: pem)
            } catch {
                throw .unreadable(path: certificatePath, reason: "\(error)")
            }
            do {
                key = try P256.Signing.PrivateKey(pemRepresentation: String(contentsOfFile: keyPath, encoding: .utf8))
            } catch {
                throw .unreadable(path: keyPath, reason: "\(error)")
            }
            guard certificate.publicKey == Certificate.PublicKey(key.publicKey) else {
                throw .unreadable(path: keyPath, reason: "the key does not belong to the certificate in \(certificatePath)")
            }
            return Kept(certificate: certificate, pem: pem, key: key)
        }
        let made = P256.Signing.PrivateKey()
        let certificate: Certificate
        let pem: String
        do {
            let name = try DistinguishedName {
                CommonName("apiexplorer proxy CA")
                OrganizationName("apiexplorer")
            }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: Certificate.PublicKey(made.publicKey))
            }
            certificate = try Certificate(version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(made.publicKey),
                                          notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(10 * 365 * 86_400),
                                          issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
                                          issuerPrivateKey: Certificate.PrivateKey(made))
            pem = try certificate.serializeAsPEM().pemString + "\n"
        } catch {
            throw .creation(reason: "the CA certificate: \(error)")
        }
        try write(made.pemRepresentation + "\n", to: keyPath, directory: directory, permissions: 0o600)
        try write(pem, to: certificatePath, directory: directory, permissions: 0o644)
        return Kept(certificate: certificate, pem: pem, key: made)
    }

    /// The TLS server context that presents a certificate for `host` (a name or an IP address), made once per host.
    public func serverContext(for host: String, now: Date = Date()) throws(CaptureAuthorityError) -> NIOSSLContext {
        if let context = lock.withLock({ contexts[host] }) { return context }
        let context: NIOSSLContext
        do {
            let leaf = try hostCertificate(for: host, now: now)
            let chain = try [leaf, certificate].map { try NIOSSLCertificate(bytes: Array($0.serializeAsPEM().pemString.utf8), format: .pem) }
            let privateKey = try NIOSSLPrivateKey(bytes: Array(hostKey.pemRepresentation.utf8), format: .pem)
            var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                                          privateKey: .privateKey(privateKey))
            // The client talks HTTP/1.1 to the proxy whatever the upstream speaks.
            configuration.applicationProtocols = ["http/1.1"]
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .creation(reason: "a certificate for \(host): \(error)")
        }
        lock.withLock { contexts[host] = context }
        return context
    }

    /// A certificate for `host` signed by the CA, valid from a day ago for a year (clients refuse longer ones).
    func hostCertificate(for host: String, now: Date) throws -> Certificate {
        let subject = try DistinguishedName {
            CommonName(String(host.prefix(64)))
            OrganizationName("apiexplorer proxy")
        }
        let name: GeneralName
        if let bytes = Self.addressBytes(host) {
            name = .ipAddress(ASN1OctetString(contentBytes: ArraySlice(bytes)))
        } else {
            name = .dnsName(host)
        }
        let authorityKey = try certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames([name])
            AuthorityKeyIdentifier(keyIdentifier: authorityKey)
        }
        return try Certificate(version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(hostKey.publicKey),
                               notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(365 * 86_400),
                               issuer: certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                               extensions: extensions, issuerPrivateKey: Certificate.PrivateKey(key))
    }

    /// The bytes of an IPv4 or IPv6 address written as text, or nil for a host name.
    static func addressBytes(_ host: String) -> [UInt8]? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, bare, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    private static func write(_ text: String, to path: String, directory: String, permissions: Int) throws(CaptureAuthorityError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // Created with its permissions, so the key is never readable by others, not even for a moment.
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode_t(permissions))
            guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
        } catch {
            throw .unwritable(path: path, reason: "\(error)")
        }
    }
}
