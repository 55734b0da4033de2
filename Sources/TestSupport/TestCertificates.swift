import Foundation

/// Certificates for TLS tests, made by the `openssl` command in a temporary directory: a CA, a server certificate it
/// signed for 127.0.0.1 and localhost, the same signed as expired, as not yet valid and for another host, a self-signed
/// server certificate, and a client certificate with a key encrypted by `clientKeyPassphrase`.
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
    /// A certificate the CA signed for 127.0.0.1 and localhost that expired on `expiredOn`; its key is `serverKey`.
    public var expiredCertificate: String { directory.path + "/expired.pem" }
    /// The moment `expiredCertificate` stopped being valid: 2025-01-02 00:00 UTC.
    public let expiredOn = Date(timeIntervalSince1970: 1_735_776_000)
    /// A certificate the CA signed for 127.0.0.1 and localhost that is valid from `validFrom`; its key is `serverKey`.
    public var notYetValidCertificate: String { directory.path + "/not-yet-valid.pem" }
    /// The moment `notYetValidCertificate` becomes valid: 2099-01-01 00:00 UTC.
    public let validFrom = Date(timeIntervalSince1970: 4_070_908_800)
    /// A certificate the CA signed for example.test only (neither 127.0.0.1 nor localhost); its key is `serverKey`.
    public var otherHostCertificate: String { directory.path + "/other-host.pem" }
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
        try directory.write("other-host.ext", "subjectAltName=DNS:example.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
        // `openssl x509` signs only from now on; `openssl ca` takes any dates, and wants a database and a serial file.
        try directory.write("ca.cnf", """
            [ca]
            default_ca = test
            [test]
            database = \(dir)/index.txt
            new_certs_dir = \(dir)
            serial = \(dir)/serial
            default_md = sha256
            policy = any
            unique_subject = no
            [any]
            commonName = supplied

            """)
        try directory.write("index.txt", "")
        try directory.write("serial", "01\n")
        func signed(_ name: String, from start: String, to end: String, extensions: String) -> [String] {
            ["ca", "-batch", "-notext", "-config", dir + "/ca.cnf", "-cert", dir + "/ca.pem", "-keyfile", dir + "/ca-key.pem",
             "-in", dir + "/server.csr", "-startdate", start, "-enddate", end, "-extfile", dir + "/" + extensions,
             "-out", dir + "/" + name]
        }
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "30",
             "-subj", "/CN=apiexplorer test CA", "-keyout", dir + "/ca-key.pem", "-out", dir + "/ca.pem",
             "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=127.0.0.1",
             "-keyout", dir + "/server-key.pem", "-out", dir + "/server.csr"],
            ["x509", "-req", "-in", dir + "/server.csr", "-CA", dir + "/ca.pem", "-CAkey", dir + "/ca-key.pem",
             "-CAcreateserial", "-days", "30", "-extfile", dir + "/server.ext", "-out", dir + "/server.pem"],
            signed("expired.pem", from: "20250101000000Z", to: "20250102000000Z", extensions: "server.ext"),
            signed("not-yet-valid.pem", from: "20990101000000Z", to: "20991231000000Z", extensions: "server.ext"),
            signed("other-host.pem", from: "20250101000000Z", to: "20990101000000Z", extensions: "other-host.ext"),
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
