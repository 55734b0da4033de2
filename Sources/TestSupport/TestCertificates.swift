import Foundation

/// Certificates for TLS tests, made by the `openssl` command in a temporary directory: a CA, a server certificate it
/// signed for 127.0.0.1 and localhost, a self-signed server certificate, and a client certificate with a key encrypted
/// by `clientKeyPassphrase`.
public final class TestCertificates: Sendable {
    /// The directory holding the files; removed with this value.
    public let directory: TempDirectory
    /// The passphrase of the client key.
    public let clientKeyPassphrase = "client-key-passphrase"

    /// The CA certificate (PEM).
    public var caCertificate: String { directory.path + "/ca.pem" }
    /// The server certificate signed by the CA, and its key.
    public var serverCertificate: String { directory.path + "/server.pem" }
    /// The key of `serverCertificate`.
    public var serverKey: String { directory.path + "/server-key.pem" }
    /// A self-signed server certificate for 127.0.0.1, and its key.
    public var selfSignedCertificate: String { directory.path + "/self.pem" }
    /// The key of `selfSignedCertificate`.
    public var selfSignedKey: String { directory.path + "/self-key.pem" }
    /// The client certificate signed by the CA.
    public var clientCertificate: String { directory.path + "/client.pem" }
    /// The client key, encrypted with `clientKeyPassphrase`.
    public var clientKey: String { directory.path + "/client-key.pem" }

    /// Makes every file; throws when `openssl` fails.
    public init() throws {
        directory = try TempDirectory()
        let dir = directory.path
        let san = "subjectAltName=IP:127.0.0.1,DNS:localhost"
        try directory.write("server.ext", san + "\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
        try directory.write("client.ext", "basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n")
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "30",
             "-subj", "/CN=apiexplorer test CA", "-keyout", dir + "/ca-key.pem", "-out", dir + "/ca.pem",
             "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=127.0.0.1",
             "-keyout", dir + "/server-key.pem", "-out", dir + "/server.csr"],
            ["x509", "-req", "-in", dir + "/server.csr", "-CA", dir + "/ca.pem", "-CAkey", dir + "/ca-key.pem",
             "-CAcreateserial", "-days", "30", "-extfile", dir + "/server.ext", "-out", dir + "/server.pem"],
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "30",
             "-subj", "/CN=self-signed 127.0.0.1", "-addext", san, "-keyout", dir + "/self-key.pem", "-out", dir + "/self.pem"],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-subj", "/CN=apiexplorer test client",
             "-passout", "pass:" + clientKeyPassphrase, "-keyout", dir + "/client-key.pem", "-out", dir + "/client.csr"],
            ["x509", "-req", "-in", dir + "/client.csr", "-CA", dir + "/ca.pem", "-CAkey", dir + "/ca-key.pem",
             "-CAcreateserial", "-days", "30", "-extfile", dir + "/client.ext", "-out", dir + "/client.pem"],
        ]
        for arguments in steps { try TestCertificates.openssl(arguments) }
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestCertificatesError(message: "openssl \(arguments.prefix(2).joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}
