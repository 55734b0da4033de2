import Foundation
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TLSOptions {
    /// The NIOSSL client configuration for these options; a file that cannot be read fails with a URLError naming it.
    package func makeTLSConfiguration() throws(URLError) -> TLSConfiguration {
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
            let key = try loadClientKey(keyFile)
            tls.certificateChain = chain.map { .certificate($0) }
            tls.privateKey = .privateKey(key)
        case (_?, nil):
            throw URLError(.clientCertificateRejected, detail: "clientCertificate is set but clientKey is not: both are needed")
        case (nil, _?):
            throw URLError(.clientCertificateRejected, detail: "clientKey is set but clientCertificate is not: both are needed")
        }
        return tls
    }

    /// The client key in `file`, opened with `clientKeyPassphrase`; an encrypted key that does not open fails saying
    /// so rather than as a file that cannot be used.
    private func loadClientKey(_ file: String) throws(URLError) -> NIOSSLPrivateKey {
        let passphrase = clientKeyPassphrase
        do {
            return try Self.load("clientKey", file) { path in
                if let passphrase {
                    return try NIOSSLPrivateKey(file: path, format: .pem) { $0(Array(passphrase.utf8)) }
                }
                return try NIOSSLPrivateKey(file: path, format: .pem)
            }
        } catch {
            // PEM marks an encrypted key in its header: "BEGIN ENCRYPTED PRIVATE KEY" or "Proc-Type: 4,ENCRYPTED".
            guard let text = try? String(contentsOfFile: file, encoding: .utf8), text.contains("ENCRYPTED") else { throw error }
            if passphrase == nil {
                throw URLError(.secureConnectionFailed, detail: "clientKey: the key in \(file) is encrypted: set clientKeyPassphrase",
                               advice: "Set clientKeyPassphrase for this environment, from secrets.local.yaml.")
            }
            throw URLError(.secureConnectionFailed, detail: "clientKey: clientKeyPassphrase does not open the key in \(file)",
                           advice: "Check clientKeyPassphrase for this environment (in secrets.local.yaml).")
        }
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
