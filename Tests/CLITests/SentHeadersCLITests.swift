import ExplorerCore
import Foundation
import TestSupport
import Testing

/// `send --print H` and `history show --print H` listing the request's headers as they went on the wire (those the
/// core and the transport add, and credentials added per hop), secrets masked; `export curl --show-secrets` giving the
/// cached OAuth 2.0 token.
@Suite("Request headers shown as sent")
struct SentHeadersCLITests {
    /// The header lines of a printed request head (after the request line, up to the blank line), by lower-cased name.
    static func headLines(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            guard !line.isEmpty else { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    @Test func printHListsEveryHeaderTheServerReceived() async throws {
        let server = try FaultServer(routes: ["/echo": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "ok")])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: key
                    value: key-SECRET-wire
                    secret: true
            """)
        try temp.write("S/echo.yaml", """
            method: POST
            url: /echo
            headers:
              - name: X-Trace
                value: t-1
              - name: X-Api-Key
                value: "{{key}}"
            body:
              type: json
              content: '{"n": 1}'
            """)
        let file = temp.path + "/history.sqlite"
        let sent = try await CLIRunner.run(["send", "S/echo", "--print", "H", "--collections", temp.path, "--history", file])
        #expect(sent.status == 0, "\(sent.stderr)")
        let received = try #require(server.requests(to: "/echo").last).headers
        let printed = Self.headLines(sent.stdout)
        #expect(received["user-agent"]?.hasPrefix("apiexplorer/") == true)
        for (name, value) in received where name != "x-api-key" {
            #expect(printed[name] == value, "\(name): \(value) was sent; printed:\n\(sent.stdout)")
        }
        #expect(Set(printed.keys) == Set(received.keys), "\(sent.stdout)")
        #expect(printed["x-api-key"] == "••••••" && !sent.stdout.contains("SECRET"), "\(sent.stdout)")

        let shown = try await CLIRunner.run(["history", "show", "1", "--print", "H", "--history", file])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == sent.stdout, "history shows the head as send printed it")
    }

    @Test func theOAuthTokenIsShownMaskedAndKeptMasked() async throws {
        let server = try OAuthServer()
        defer { server.stop() }
        let temp = try server.clientCredentialsCollection()
        let environment = ["APIEXPLORER_STATE_DIR": temp.path + "/state"]
        let file = temp.path + "/history.sqlite"
        let sent = try await CLIRunner.run(["send", "S/echo", "--print", "H", "--collections", temp.path, "--history", file],
                                           environment: environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        let token = try #require(server.apiTokens.first)
        #expect(Self.headLines(sent.stdout)["authorization"] == "Bearer ••••••", "\(sent.stdout)")
        #expect(!sent.stdout.contains(token))

        let shown = try await CLIRunner.run(["history", "show", "1", "--print", "H", "--history", file])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(Self.headLines(shown.stdout)["authorization"] == "Bearer ••••••", "\(shown.stdout)")
        let raw = SQLiteFileBytes.read(file)
        #expect(raw.range(of: Data(token.utf8)) == nil && raw.range(of: Data(server.clientSecret.utf8)) == nil)
    }

    @Test func digestAndSigV4AuthorizationsAreKeptMasked() async throws {
        let aws = AWSCredentials(accessKey: "AKIDEXAMPLE", secretKey: "sk-SECRET-wire", sessionToken: "tok-SECRET-wire",
                                 region: "us-east-1", service: "execute-api")
        let server = try CredentialServer(username: "ada", password: "pw-SECRET-wire", aws: aws)
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: password
                    value: pw-SECRET-wire
                    secret: true
                  - name: awsSecretKey
                    value: sk-SECRET-wire
                    secret: true
            """)
        try temp.write("S/digest.yaml", "url: /digest/echo\nauth:\n  type: digest\n  username: ada\n  password: \"{{password}}\"\n")
        try temp.write("S/aws.yaml", """
            url: /aws/echo
            auth:
              type: aws
              accessKey: AKIDEXAMPLE
              secretKey: "{{awsSecretKey}}"
              sessionToken: tok-SECRET-wire
              region: us-east-1
              service: execute-api
            """)
        let file = temp.path + "/history.sqlite"
        for (id, slug, scheme) in [(1, "digest", "Digest"), (2, "aws", "AWS4-HMAC-SHA256")] {
            let sent = try await CLIRunner.run(["send", "S/\(slug)", "--print", "H", "--collections", temp.path, "--history", file])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(Self.headLines(sent.stdout)["authorization"] == "\(scheme) ••••••", "\(sent.stdout)")
            let shown = try await CLIRunner.run(["history", "show", "\(id)", "--print", "H", "--history", file])
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(Self.headLines(shown.stdout)["authorization"] == "\(scheme) ••••••", "\(shown.stdout)")
            #expect(!shown.stdout.contains("SECRET"))
        }
        #expect(SQLiteFileBytes.read(file).range(of: Data("SECRET".utf8)) == nil)
    }

    @Test func exportCurlGivesTheCachedTokenOnlyWithShowSecrets() async throws {
        let server = try OAuthServer()
        defer { server.stop() }
        let temp = try server.clientCredentialsCollection()
        let environment = ["APIEXPLORER_STATE_DIR": temp.path + "/state"]
        let fetched = try await CLIRunner.run(["auth", "S/echo", "--print-token", "--collections", temp.path], environment: environment)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let token = fetched.stdout.trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("at-"))
        let masked = try await CLIRunner.run(["export", "curl", "S/echo", "--collections", temp.path], environment: environment)
        #expect(masked.status == 0 && masked.stdout.contains("Authorization: Bearer ••••••") && !masked.stdout.contains(token),
                "\(masked.stdout)")
        let shown = try await CLIRunner.run(["export", "curl", "S/echo", "--show-secrets", "--collections", temp.path],
                                            environment: environment)
        #expect(shown.status == 0 && shown.stdout.contains("Authorization: Bearer \(token)"), "\(shown.stdout)")
    }
}
