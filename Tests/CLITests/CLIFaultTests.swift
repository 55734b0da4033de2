import Foundation
import Testing
import TestSupport

@Suite("send against a misbehaving server: one-line reasons and documented exit codes")
struct CLIFaultTests {
    static let server = Result { try FaultServer(routes: [
        "/never": .neverAnswer, "/stall": .stallAfterHeaders, "/slow": .slowBody(interval: 1.5),
        "/trickle": .slowBody(interval: 0.4), "/nothttp": .notHTTP, "/rawheader": .rawByteInHeader, "/close": .closeMidBody, "/reset": .resetMidBody, "/longer": .contentLengthLonger, "/shorter": .contentLengthShorter,
        "/chunked": .brokenChunked, "/loop": .redirectLoop, "/large": .largeBody(bytes: 100 << 20),
        "/bomb": .gzipBomb(expandedBytes: 24 << 20), "/utf8": .invalidUTF8JSON, "/control": .controlCharactersInHeaders,
        "/http10": .closeDelimited(body: "all of it\nuntil the close"), "/hostile": .hostileContent,
    ]) }

    /// A collection `F` with one request per path, each with a one-second timeout (but the 100 MB body) and a secret
    /// Authorization header.
    func collection(baseURL: String) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("F/collection.yaml", """
        name: F
        environments:
          - name: local
            baseURL: \(baseURL)
            variables:
              - name: token
                value: fault-secret-987
                secret: true
        """)
        for name in ["never", "stall", "slow", "trickle", "nothttp", "rawheader", "close", "reset", "longer", "shorter", "chunked", "loop", "large", "bomb",
                     "utf8", "control", "http10", "hostile"] {
            // One second makes the timeout cases quick; every other case gets longer, so a loaded machine never turns
            // its failure (a cut body, a bad chunk) into a timeout; the 100 MB body longest, as a debug build can take
            // seconds to receive it.
            let timeout = ["never", "stall", "slow", "trickle"].contains(name) ? 1 : name == "large" ? 60 : 10
            try temp.write("F/\(name).yaml", "url: /\(name)\ntimeout: \(timeout)\nheaders:\n  - name: Authorization\n    value: Bearer {{token}}\n")
        }
        return temp
    }

    func send(_ name: String, _ extra: [String] = []) async throws -> CLIRunner.Output {
        let temp = try collection(baseURL: try CLIFaultTests.server.get().baseURL.absoluteString)
        return try await CLIRunner.run(["send", "F/\(name)", "--collections", temp.path] + extra)
    }

    /// The failure is one line on stderr, starts with `error: ` and the phrase, and never shows the secret.
    func expectOneLineFailure(_ output: CLIRunner.Output, _ phrase: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(output.status == 2, "\(output.stderr)", sourceLocation: sourceLocation)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)", sourceLocation: sourceLocation)
        #expect(output.stderr.hasPrefix("error: \(phrase)"), "\(output.stderr)", sourceLocation: sourceLocation)
        #expect(!output.stderr.contains("fault-secret-987") && !output.stdout.contains("fault-secret-987"), sourceLocation: sourceLocation)
    }

    @Test func refused() async throws {
        let temp = try collection(baseURL: ClosedPort.url().absoluteString)
        let output = try await CLIRunner.run(["send", "F/never", "--collections", temp.path])
        expectOneLineFailure(output, "Connection refused — GET")
    }

    @Test(arguments: ["never", "stall", "slow"])
    func timeouts(name: String) async throws {
        expectOneLineFailure(try await send(name), "Timed out — GET")
    }

    @Test func timeoutBoundsTheWholeAttempt() async throws {
        // A byte every 0.4 s for 4 s is never idle for the 1 s timeout, yet the request times out (it used to succeed).
        // No tight bound on the time: under a loaded parallel run the binary itself can take seconds to start.
        expectOneLineFailure(try await send("trickle"), "Timed out — GET")
    }

    @Test func theUserAgentCarriesTheVersionThatVersionPrints() async throws {
        let version = try await CLIRunner.run(["--version"])
        let number = try #require(version.stdout.split(separator: " ").dropFirst().first.map(String.init))
        #expect(number.first?.isNumber == true, "\(version.stdout)")
        #expect(try await send("http10", ["--print", "m"]).status == 0)
        let agent = try CLIFaultTests.server.get().requests(to: "/http10").last?.headers["user-agent"]
        #expect(agent == "apiexplorer/\(number)", "\(agent ?? "none")")
    }

    @Test func aServerThatDoesNotSpeakHTTPIsNamedAsSuch() async throws {
        expectOneLineFailure(try await send("nothttp"),
                             "Unreadable response (not HTTP: the server's reply has no HTTP status line, as from HTTP/0.9 or another protocol) — GET")
    }

    @Test func aRawNonUTF8ByteInAHeaderIsReportedAsAnInvalidHeader() async throws {
        // FoundationNetworking drops a response whose head is not UTF-8, so there is nothing to show but the reason.
        expectOneLineFailure(try await send("rawheader"),
                             "Unreadable response (invalid header: the server sent a status or header line that is not valid UTF-8) — GET")
    }

    @Test(arguments: ["close", "longer"])
    func bodyCutShort(name: String) async throws {
        expectOneLineFailure(try await send(name), "Connection lost (transfer closed with 900 bytes remaining to read) — GET")
    }

    @Test func resetMidBody() async throws {
        expectOneLineFailure(try await send("reset"), "Connection lost")
    }

    @Test func brokenChunkedEncoding() async throws {
        expectOneLineFailure(try await send("chunked"), "Unreadable response (Illegal or missing hexadecimal sequence in chunked-encoding) — GET")
    }

    @Test func redirectLoop() async throws {
        expectOneLineFailure(try await send("loop"), "Too many redirects — GET")
    }

    @Test func shortContentLengthPrintsTheDeclaredBody() async throws {
        let output = try await send("shorter", ["--print", "b"])
        #expect(output.status == 0 && output.stdout == "hello\n", "\(output.stderr)")
    }

    @Test func http10CloseDelimitedBody() async throws {
        let output = try await send("http10", ["--print", "b"])
        #expect(output.status == 0 && output.stdout == "all of it\nuntil the close\n", "\(output.stderr)")
    }

    @Test func a100MBBodyIsPrintedWhole() async throws {
        let output = try await send("large", ["--print", "m"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("200 OK") && output.stdout.contains("100.0 MB"), "\(output.stdout)")
        // The body itself, paged from its temporary file, reaches a file byte for byte with --output.
        let directory = try TempDirectory()
        let file = URL(fileURLWithPath: directory.path).appendingPathComponent("large.bin")
        let saved = try await send("large", ["--output", file.path])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout.hasPrefix("200 OK") && !saved.stdout.contains("aaaa"), "the body goes to the file, not to stdout")
        let body = try Data(contentsOf: file)
        #expect(body.count == 100 << 20 && body.allSatisfy { $0 == UInt8(ascii: "a") })
    }

    @Test func outputKeepsTheExactBytesAndReportsAnUnwritablePath() async throws {
        let directory = try TempDirectory()
        let file = URL(fileURLWithPath: directory.path).appendingPathComponent("body.json")
        let saved = try await send("utf8", ["--output", file.path, "--print", "mb"])
        #expect(saved.status == 0 && saved.stdout.hasPrefix("200 OK") && !saved.stdout.contains("name"), "\(saved.stderr)")
        let bytes = try Data(contentsOf: file)
        #expect(bytes.contains(0xFF) && bytes.starts(with: Data(#"{"name": ""#.utf8)), "invalid UTF-8 is written as received, not replaced")
        // A path NSString's path methods trap on in Linux Foundation ('//' before a non-ASCII last component).
        let odd = try await send("utf8", ["--output", directory.path + "//é", "--print", "m"])
        #expect(odd.status == 0, "\(odd.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/é")) == bytes)
        let failed = try await send("utf8", ["--output", directory.path + "/missing-dir/body.json", "--print", "m"])
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("error: Not saved: writing ") && failed.stderr.contains("missing-dir/body.json"), "\(failed.stderr)")
    }

    @Test func outputToStandardOutputIsExactlyTheBodyWithTheRestOnStandardError() async throws {
        for target in ["-", "/dev/stdout"] {
            let output = try await send("http10", ["--output", target, "--print", "Hmh"])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout == "all of it\nuntil the close", "\(output.stdout.debugDescription)")
            #expect(output.stderr.hasPrefix("GET /http10 HTTP/1.1\n") && output.stderr.contains("\n200 OK  ")
                    // The response head names the version the server spoke: this one answers in HTTP/1.0.
                    && output.stderr.contains("HTTP/1.0 200 OK\nContent-Type: text/plain\n"), "\(output.stderr)")
        }
    }

    @Test func outputWritesThroughALinkChainAndHonoursTheUmask() async throws {
        let directory = try TempDirectory()
        let real = directory.path + "/real.bin", middle = directory.path + "/l2", first = directory.path + "/l1"
        try FileManager.default.createSymbolicLink(atPath: middle, withDestinationPath: "real.bin")
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: middle)
        #expect(try await send("http10", ["--output", first, "--print", "m"]).status == 0)
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "all of it\nuntil the close")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: middle)) == "real.bin", "the links are kept")

        // A new file gets what the umask allows, as with curl -o.
        let temp = try collection(baseURL: try CLIFaultTests.server.get().baseURL.absoluteString)
        let binary = try BuiltProducts.executable(named: "apiexplorer").path
        let fresh = directory.path + "/fresh.bin"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.environment = HermeticEnvironment.applied(to: ProcessInfo.processInfo.environment)
        shell.arguments = ["-c", "umask 077 && exec \"$0\" send F/http10 --collections \"$1\" --output \"$2\" --print m >/dev/null", binary, temp.path, fresh]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let mode = (try FileManager.default.attributesOfItem(atPath: fresh)[.posixPermissions] as? Int) ?? -1
        #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
    }

    @Test func hostileCollectionRequestAndURLNamesAreEscapedInListAndSend() async throws {
        let temp = try TempDirectory()
        try temp.write("H/collection.yaml", "name: \"Coll\\e]0;pwned\\a\\e[2J\"\nenvironments:\n  - name: local\n    baseURL: \(ClosedPort.url().absoluteString)\n")
        try temp.write("H/req.yaml", "name: \"Req\\e]0;pwned\\a\\e[2J\"\nurl: \"/x\\e[2J\"\n")
        let list = try await CLIRunner.run(["list", "--collections", temp.path])
        #expect(list.stdout.contains(#"Coll\u{1B}]0;pwned\u{7}\u{1B}[2J  [H]"#), "\(list.stdout)")
        #expect(list.stdout.contains(#"GET     Req\u{1B}]0;pwned\u{7}\u{1B}[2J"#), "\(list.stdout)")
        let send = try await CLIRunner.run(["send", "H/req", "--collections", temp.path])
        #expect(send.status == 2 && send.stderr.contains("/x%1B%5B2J"), "the URL is percent-encoded: \(send.stderr)")
        for output in [list.stdout, list.stderr, send.stdout, send.stderr] {
            #expect(!output.contains("\u{1B}") && !output.contains("\u{07}"), "raw escape in \(output.debugDescription)")
        }
    }

    @Test func verifyTLSFalseAcceptsASelfSignedCertificateThatIsOtherwiseRefused() async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.selfSignedCertificate, keyFile: certificates.selfSignedKey)
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", """
        name: T
        environments:
          - name: strict
            baseURL: https://127.0.0.1:\(server.port)
          - name: insecure
            baseURL: https://127.0.0.1:\(server.port)
            verifyTLS: false
        """)
        try temp.write("T/get.yaml", "url: /get\n")
        let refused = try await CLIRunner.run(["send", "T/get", "--env", "strict", "--collections", temp.path])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("error: TLS failure (the certificate of 127.0.0.1 is not trusted: it is self-signed)"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        let accepted = try await CLIRunner.run(["send", "T/get", "--env", "insecure", "--collections", temp.path])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("hello over HTTP/1.1"), "\(accepted.stdout)")
        let traced = try await CLIRunner.run(["send", "T/get", "--env", "insecure", "--print", "t", "--collections", temp.path])
        #expect(traced.status == 0, "\(traced.stderr)")
        #expect(traced.stdout.contains("protocol     HTTP/1.1") && traced.stdout.contains("tls          TLSv1."), "\(traced.stdout)")
        #expect(traced.stdout.contains("certificate  CN=self-signed 127.0.0.1") && traced.stdout.contains("first byte "), "\(traced.stdout)")
    }

    /// Each refusal says what is wrong, on one line, and suggests turning verification off for none of them.
    @Test func anExpiredCertificateAHostMismatchAndAWrongPassphraseAreSaidAsSuch() async throws {
        let certificates = try TestCertificates()
        let expired = try TLSLoopbackServer(certificateFile: certificates.expiredCertificate, keyFile: certificates.serverKey)
        defer { expired.stop() }
        let otherHost = try TLSLoopbackServer(certificateFile: certificates.otherHostCertificate, keyFile: certificates.serverKey)
        defer { otherHost.stop() }
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", """
        name: T
        environments:
          - name: expired
            baseURL: https://127.0.0.1:\(expired.port)
            caCertificates: \(certificates.caCertificate)
          - name: other
            baseURL: https://localhost:\(otherHost.port)
            caCertificates: \(certificates.caCertificate)
          - name: passphrase
            baseURL: https://127.0.0.1:\(otherHost.port)
            clientCertificate: \(certificates.clientCertificate)
            clientKey: \(certificates.clientKey)
            clientKeyPassphrase: not the passphrase
        """)
        try temp.write("T/get.yaml", "url: /get\n")
        let said = [
            "expired": "error: TLS failure (the certificate of 127.0.0.1 expired on 2025-01-02 00:00 UTC) — GET https://127.0.0.1:\(expired.port)/get. ",
            "other": "error: TLS failure (the certificate is for example.test, not localhost) — GET https://localhost:\(otherHost.port)/get. ",
            "passphrase": "error: TLS failure (clientKey: clientKeyPassphrase does not open the key in \(certificates.clientKey)) — ",
        ]
        for (environment, start) in said {
            let output = try await CLIRunner.run(["send", "T/get", "--env", environment, "--collections", temp.path])
            #expect(output.status == 2, "\(environment): \(output.stderr)")
            #expect(output.stderr.hasPrefix(start), "\(environment): \(output.stderr)")
            #expect(output.stderr.split(separator: "\n").count == 1 && !output.stderr.contains("verifyTLS"), "\(environment): \(output.stderr)")
        }
    }

    @Test func aGzipBombIsReportedWithItsSize() async throws {
        let output = try await send("bomb", ["--print", "m"])
        #expect(output.status == 0 && output.stdout.contains("24.0 MB"), "\(output.stderr)")
    }

    @Test func invalidUTF8JSONIsShownWithReplacementCharacters() async throws {
        let output = try await send("utf8", ["--print", "b", "--pretty", "format"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("\u{FFFD}") && output.stdout.contains("\"ok\""), "\(output.stdout)")
    }

    @Test(arguments: ["control", "hostile"])
    func escapesFromTheServerAreShownNotObeyed(name: String) async throws {
        for pretty in ["none", "format", "all"] {
            let output = try await send(name, ["--print", "mhb", "--pretty", pretty])
            #expect(output.status == 0, "\(output.stderr)")
            for byte: UInt8 in [0x1B, 0x07, 0x08, 0x0D] {
                #expect(!output.stdout.utf8.contains(byte), "byte \(byte) in \(output.stdout.debugDescription)")
            }
            #expect(!output.stdout.contains("\u{9B}"))
            #expect(output.stdout.contains(#"\u{1B}"#), "\(output.stdout.debugDescription)")
        }
    }

    @Test func onATerminalColoursAreTheOnlyEscapesThatGetThrough() async throws {
        let temp = try collection(baseURL: try CLIFaultTests.server.get().baseURL.absoluteString)
        guard let output = try await CLIRunner.runOnTerminal(["send", "F/hostile", "--pretty", "all", "--collections", temp.path]) else { return }
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("\u{1B}[1;32m200 OK\u{1B}[0m"), "the status is coloured: \(output.stdout.debugDescription)")
        let withoutColours = output.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(!withoutColours.contains("\u{1B}") && !withoutColours.contains("\u{07}"), "\(withoutColours.debugDescription)")
        #expect(withoutColours.contains(#"\u{1B}]52;c;cm0gLXJmIH4=\u{7}"#))
    }

    @Test func aSecretInAURLThatFailsToResolveIsMaskedUnlessShown() async throws {
        let temp = try collection(baseURL: "http://127.0.0.1:1")
        try temp.write("F/leaky.yaml", "url: http://{{token}} host/x\n")
        let masked = try await CLIRunner.run(["send", "F/leaky", "--collections", temp.path])
        #expect(masked.status == 1, "\(masked.stderr)")
        #expect(!masked.stderr.contains("fault-secret-987") && masked.stderr.contains("••••••"), "\(masked.stderr)")
        let shown = try await CLIRunner.run(["send", "F/leaky", "--show-secrets", "--collections", temp.path])
        #expect(shown.status == 1 && shown.stderr.contains("fault-secret-987"), "\(shown.stderr)")
    }
}
