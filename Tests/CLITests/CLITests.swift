import Foundation
import Testing
import TestSupport

@Suite("The apiexplorer binary", .serialized)
struct CLITests {
    /// A temp collection `T` whose `local` environment points at `baseURL`, with a secret token.
    func collection(baseURL: String) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", """
        name: T
        headers:
          - name: X-Collection
            value: yes-{{flavour}}
        variables:
          - name: flavour
            value: vanilla
        environments:
          - name: local
            baseURL: \(baseURL)
            variables:
              - name: token
                value: sekrit-token-123
                secret: true
          - name: staging
            baseURL: \(baseURL)
            variables:
              - name: flavour
                value: staging-flavour
        """)
        try temp.write("T/echo.yaml", """
        method: POST
        url: /echo?from=url
        headers:
          - name: Authorization
            value: Bearer {{token}}
        body:
          type: json
          content: '{"flavour": "{{flavour}}"}'
        """)
        try temp.write("T/missing.yaml", "url: /echo/{{nowhere}}\n")
        try temp.write("T/not-found.yaml", "url: /status/404\n")
        try temp.write("T/escapes.yaml", "method: POST\nurl: /echo\nbody:\n  type: text\n  content: \"before \\e]0;title\\a after \\e[31mred\"\n")
        return temp
    }

    /// The explorer takes --set and --header like send (its variable errors advised --set, which it did not have); a
    /// malformed one is refused before the terminal is taken over.
    @Test func theExplorerTakesSetAndHeader() async throws {
        let help = try await CLIRunner.run(["explore", "--help"])
        #expect(help.stdout.contains("--set") && help.stdout.contains("--header"))
        let bad = try await CLIRunner.run(["explore", "--collections", CLIRunner.bundledCollections, "--set", "novalue"])
        #expect(bad.status == 64 && bad.stderr.contains("--set takes NAME=VALUE, got 'novalue'"))
    }

    @Test func versionIsOneLineNamingNcursesAndTheHelpStillListsIt() async throws {
        let version = try await CLIRunner.run(["--version"])
        #expect(version.status == 0 && version.stderr.isEmpty, "\(version.stderr)")
        #expect(version.stdout.hasPrefix("apiexplorer ") && version.stdout.contains("(ncurses ") && version.stdout.hasSuffix(")\n"), "\(version.stdout)")
        #expect(version.stdout.split(separator: "\n").count == 1)
        // Answered before the parser only when it is the whole command line; anywhere else the parser decides.
        let help = try await CLIRunner.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("--version"), "\(help.stdout)")
        let misplaced = try await CLIRunner.run(["--version", "--no-such-option"])
        #expect(misplaced.status != 0 || misplaced.stdout == version.stdout, "\(misplaced.stdout)\(misplaced.stderr)")
    }

    @Test func listShowsReferences() async throws {
        let output = try await CLIRunner.run(["list", "--collections", CLIRunner.bundledCollections])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Demo/users/get-user"))
        #expect(output.stdout.contains("Demo/bodies/echo-json"))
        #expect(output.stdout.contains("environments: local*, staging"))
    }

    @Test func envsMasksSecretsUnlessAsked() async throws {
        let masked = try await CLIRunner.run(["envs", "Demo", "--collections", CLIRunner.bundledCollections])
        #expect(masked.status == 0)
        #expect(masked.stdout.contains("token = •••••• ") && !masked.stdout.contains("demo-token"))
        let shown = try await CLIRunner.run(["envs", "Demo", "--show-secrets", "--collections", CLIRunner.bundledCollections])
        #expect(shown.stdout.contains("token = demo-token"))
        let unknown = try await CLIRunner.run(["envs", "Nope", "--collections", CLIRunner.bundledCollections])
        #expect(unknown.status == 1 && unknown.stderr.contains("no collection 'Nope'"))
    }

    @Test func sendAgainstTheBuiltInDemo() async throws {
        let output = try await CLIRunner.run(["send", "Demo/users/get-user", "--pretty", "format", "--print", "b",
                                        "--collections", CLIRunner.bundledCollections])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("\"id\": 1"))
        #expect(output.stdout.hasPrefix("{\n"))
        #expect(!output.stdout.contains("\u{1B}"))
    }

    @Test func environmentSetHeaderAndPrintParts() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString)
        let output = try await CLIRunner.run(["send", "T/echo", "--env", "staging", "--set", "token=cli-token-456", "--header", "X-Cli: hello",
                                        "--print", "mhHb", "--collections", temp.path])
        await server.stop()
        #expect(output.status == 0, "\(output.stderr)")
        let out = output.stdout
        #expect(out.contains("POST /echo?from=url HTTP/1.1"))
        #expect(out.contains("X-Collection: yes-staging-flavour"))
        #expect(out.contains("X-Cli: hello"))
        #expect(out.contains("Authorization: Bearer cli-token-456"), "--set values are not secrets")
        #expect(out.contains("200 OK"))
        #expect(out.contains("HTTP/1.1 200 OK"))
        #expect(out.contains("\"flavour\": \"staging-flavour\"") || out.contains("\"flavour\":\"staging-flavour\"")
                    || out.contains(#"\"flavour\": \"staging-flavour\""#))
        #expect(out.contains(#""value":"hello""#) || out.contains(#""value": "hello""#), "the echoed X-Cli header")
        #expect(!out.contains("\u{1B}"), "piped output has no escape codes")
    }

    @Test func secretsAreMaskedInTheRequestHeadUnlessShown() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString)
        let masked = try await CLIRunner.run(["send", "T/echo", "--print", "Hb", "--collections", temp.path])
        let shown = try await CLIRunner.run(["send", "T/echo", "--print", "H", "--show-secrets", "--collections", temp.path])
        await server.stop()
        #expect(masked.status == 0, "\(masked.stderr)")
        #expect(masked.stdout.contains("Authorization: Bearer ••••••"))
        #expect(!masked.stdout.contains("sekrit-token-123"), "neither in the request head nor in the echoed body")
        #expect(shown.stdout.contains("Authorization: Bearer sekrit-token-123"))
    }

    /// The trace names the connection the response came over: new, its address and how long it took to open, and then
    /// the phases of opening it (TCP only here: an IP address needs no DNS, http no TLS); `--help` says what is measured.
    @Test func printTraceShowsTheConnection() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString)
        let output = try await CLIRunner.run(["send", "T/echo", "--print", "t", "--collections", temp.path])
        await server.stop()
        #expect(output.status == 0, "\(output.stderr)")
        let connection = output.stdout.split(separator: "\n").first { $0.contains("new connection #") }.map(String.init) ?? ""
        #expect(connection.contains(" to 127.0.0.1:\(server.port), ready after ") && connection.hasSuffix(" ms"), "\(output.stdout)")
        let phases = output.stdout.split(separator: "\n").first { $0.contains("first byte") }.map(String.init) ?? ""
        #expect(phases.contains("tcp ") && !phases.contains("dns ") && !phases.contains("tls "), "\(output.stdout)")
        #expect(!output.stdout.contains("x-apiexplorer-hop"), "\(output.stdout)")
        let help = try await CLIRunner.run(["send", "--help"])
        let helpText = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(helpText.contains("then the time of DNS, TCP and the TLS handshake apart"), "\(help.stdout)")
    }

    @Test func noColorAndColorModes() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString)
        let plain = try await CLIRunner.run(["send", "T/echo", "--pretty", "all", "--collections", temp.path], environment: ["NO_COLOR": "1"])
        let piped = try await CLIRunner.run(["send", "T/echo", "--pretty", "all", "--collections", temp.path])
        await server.stop()
        #expect(plain.status == 0 && piped.status == 0)
        #expect(!plain.stdout.contains("\u{1B}") && !piped.stdout.contains("\u{1B}"))
        #expect(plain.stdout.contains("200 OK"))
    }

    @Test func terminalEscapesInABodyAreShownNotObeyed() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString)
        let raw = try await CLIRunner.run(["send", "T/escapes", "--print", "b", "--pretty", "none", "--collections", temp.path])
        let formatted = try await CLIRunner.run(["send", "T/escapes", "--print", "Bb", "--pretty", "format", "--collections", temp.path])
        let header = try await CLIRunner.run(["send", "T/echo", "--print", "Hb", "--header", "X-Evil: a\u{1B}]0;title\u{07}b",
                                        "--collections", temp.path])
        await server.stop()
        for output in [raw, formatted] {
            #expect(output.status == 0, "\(output.stderr)")
            #expect(!output.stdout.contains("\u{1B}") && !output.stdout.contains("\u{07}"), "\(output.stdout.debugDescription)")
        }
        #expect(formatted.stdout.contains("title") && formatted.stdout.contains("before"))
        // HTTP allows no control character in a header value (RFC 9110) and SwiftNIO will not send one: the request is
        // refused before sending, in one line that names the header and does not replay the escape.
        #expect(header.status == 2, "\(header.stderr)")
        #expect(header.stderr.contains("the header X-Evil holds the control character 0x1B"), "\(header.stderr)")
        #expect(!header.stderr.contains("\u{1B}") && !header.stdout.contains("\u{1B}"))
    }

    @Test func exitCodes() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString)
        let unknown = try await CLIRunner.run(["send", "T/nope", "--collections", temp.path])
        let unresolved = try await CLIRunner.run(["send", "T/missing", "--collections", temp.path])
        let notFound = try await CLIRunner.run(["send", "T/not-found", "--check-status", "--collections", temp.path])
        let notFoundUnchecked = try await CLIRunner.run(["send", "T/not-found", "--collections", temp.path])
        let badEnv = try await CLIRunner.run(["send", "T/echo", "--env", "prod", "--collections", temp.path])
        let badPrint = try await CLIRunner.run(["send", "T/echo", "--print", "xyz", "--collections", temp.path])
        await server.stop()
        #expect(unknown.status == 1 && unknown.stderr.contains("no request 'T/nope'"))
        #expect(unresolved.status == 1 && unresolved.stderr.contains("{{nowhere}}") && unresolved.stderr.contains("T/missing")
                    && unresolved.stderr.contains("environment 'local'"))
        #expect(notFound.status == 4 && notFound.stdout.contains("404"))
        #expect(notFoundUnchecked.status == 0)
        #expect(badEnv.status == 1 && badEnv.stderr.contains("no environment 'prod'"))
        #expect(badPrint.status == 64 && badPrint.stderr.contains("--print"), "send --help documents 64 for a usage error")
        // The explorer refuses an environment no collection has before it takes over the terminal (it was ignored).
        let explore = try await CLIRunner.run(["explore", "--env", "nope", "--collections", temp.path])
        #expect(explore.status == 1 && explore.stderr == "error: no collection has an environment 'nope'. Environments: local, staging.\n", "\(explore.stderr)")

        let closed = try collection(baseURL: "http://127.0.0.1:\(ClosedPort.find())")
        let refused = try await CLIRunner.run(["send", "T/echo", "--collections", closed.path])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(!refused.stderr.isEmpty && !refused.stderr.contains("sekrit-token-123"))
    }

    @Test func brokenFilesAreReportedButOthersStillWork() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(baseURL: server.baseURL.absoluteString)
        try temp.write("T/broken.yaml", "url: [\n")
        let listed = try await CLIRunner.run(["list", "--collections", temp.path])
        await server.stop()
        #expect(listed.status == 0)
        #expect(listed.stderr.contains("broken.yaml:") && listed.stderr.contains("error: invalid YAML"))
        #expect(listed.stdout.contains("T/echo"))
    }
}
