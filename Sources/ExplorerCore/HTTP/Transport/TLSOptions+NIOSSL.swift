import Foundation
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TLSOptions {
    /// The NIOSSL client configuration for these options; a file that cannot be read fails with a URLError naming it.
    func makeTLSConfiguration() throws(URLError) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if !verify { tls.certificateVerification = .none }
        if let file = caCertificatesFile {
            let certificates = try Self.load("caCertificates", file) { try NIOSSLCertificate.fromPEMFile($0) }
            guard !certificates.isEmpty else {
                throw URLError(.secureConnectionFailed, detail: "caCertificates: \(file) holds no PEM certificate")
            }
            tls.additionalTrustRoots = [.certificates(certificates)]
        }
        switch (clientCertificateFile, clientKeyFile) {
        case (nil, nil):
            break
        case let (certificateFile?, keyFile?):
            let chain = try Self.load("clientCertificate", certificateFile) { try NIOSSLCertificate.fromPEMFile($0) }
            let passphrase = clientKeyPassphrase
            let key = try Self.load("clientKey", keyFile) { path in
                if let passphrase {
                    return try NIOSSLPrivateKey(file: path, format: .pem) { $0(Array(passphrase.utf8)) }
                }
                return try NIOSSLPrivateKey(file: path, format: .pem)
            }
            tls.certificateChain = chain.map { .certificate($0) }
            tls.privateKey = .privateKey(key)
        case (_?, nil):
            throw URLError(.clientCertificateRejected, detail: "clientCertificate is set but clientKey is not: both are needed")
        case (nil, _?):
            throw URLError(.clientCertificateRejected, detail: "clientKey is set but clientCertificate is not: both are needed")
        }
        return tls
    }

    /// Runs `read` on `file`, turning a failure into an error that names the key and the file.
    private static func load<T>(_ key: String, _ file: String, _ read: (String) throws -> T) throws(URLError) -> T {
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw URLError(.secureConnectionFailed, detail: "\(key): cannot read \(file)")
        }
        do {
            return try read(file)
        } catch {
            throw URLError(.secureConnectionFailed, detail: "\(key): \(file) is not a PEM file this can use (\(error))")
        }
    }
}
