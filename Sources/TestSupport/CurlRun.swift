import Foundation

/// curl run to completion (for the proxy tests: a real client through the proxy) with `-q` first (no ~/.curlrc), its output and exit status.
public struct CurlRun: Sendable {
    /// curl's exit status (0, or 60 for a certificate it does not trust, 7 for a refused connection…).
    public let status: Int32
    /// What it printed.
    public let stdout: String
    /// Its errors.
    public let stderr: String

    /// Runs `curl -q -sS ARGS`, at most 20 seconds.
    public static func run(_ arguments: [String]) throws -> CurlRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-q", "-sS", "--max-time", "20"] + arguments
        var environment = ProcessInfo.processInfo.environment
        for name in ["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy", "NO_PROXY", "no_proxy",
                     "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"] {
            environment[name] = nil
        }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CurlRun(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                       stderr: String(decoding: errors, as: UTF8.self))
    }
}
