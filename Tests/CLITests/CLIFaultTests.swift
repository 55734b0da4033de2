import Foundation
import Testing
import TestSupport

@Suite("send against a misbehaving server: one-line reasons and documented exit codes")
struct CLIFaultTests {
    static let server = Result { try FaultServer(routes: [
        "/never": .neverAnswer, "/stall": .stallAfterHeaders, "/slow": .slowBody(interval: 1.5),
        "/close": .closeMidBody, "/reset": .resetMidBody, "/longer": .contentLengthLonger, "/shorter": .contentLengthShorter,
        "/chunked": .brokenChunked, "/loop": .redirectLoop, "/large": .largeBody(bytes: 100 << 20),
        "/bomb": .gzipBomb(expandedBytes: 24 << 20), "/utf8": .invalidUTF8JSON, "/control": .controlCharactersInHeaders,
        "/http10": .closeDelimited(body: "all of it\nuntil the close"), "/hostile": .hostileContent,
    ]) }

    /// A collection `F` with one request per path, each with a one-second timeout and a secret Authorization header.
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
        for name in ["never", "stall", "slow", "close", "reset", "longer", "shorter", "chunked", "loop", "large", "bomb",
                     "utf8", "control", "http10", "hostile"] {
            try temp.write("F/\(name).yaml", "url: /\(name)\ntimeout: 1\nheaders:\n  - name: Authorization\n    value: Bearer {{token}}\n")
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
