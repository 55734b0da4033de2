import Foundation
import Testing
import TestSupport

/// Every form a secret takes on the way out or back is masked in every output: a `+` in a query value, a Basic
/// credential's base64, and a server's echo with JSON `\u` and `\/` escapes; in `send --print`, `export`, `history`
/// (show, the HAR export and the database file's raw bytes) and `diff`.
@Suite("Secrets are masked in every encoding", .serialized)
struct EncodedSecretMaskingCLITests {
    static let password = "pa55:Wd-8Rt"
    static let otherPassword = "pa55:Other-3Kx"
    static let token = "Qz7+Kp/w 9=v"
    static let word = "über-geheim"
    /// What no output may contain: a piece of each secret (so any percent-, form- or JSON-encoding of it shows up too)
    /// and the base64 of each Basic credential.
    static let forbidden = ["pa55", "Qz7", "Kp%2F", "ber-geheim",
                            Data("ada:\(password)".utf8).base64EncodedString(),
                            Data("ada:\(otherPassword)".utf8).base64EncodedString()]

    func collection(echo: LoopbackServer, escaping: FaultServer) throws -> TempDirectory {
        let temp = try TempDirectory()
        func environment(_ name: String, password: String) -> String {
            """
              - name: \(name)
                baseURL: \(echo.baseURL.absoluteString)
                variables:
                  - {name: pw, value: "\(password)", secret: true}
                  - {name: token, value: "\(Self.token)", secret: true}
                  - {name: word, value: "\(Self.word)", secret: true}
            """
        }
        try temp.write("M/collection.yaml", """
            name: M
            auth: {type: basic, username: ada, password: "{{pw}}"}
            environments:
            \(environment("local", password: Self.password))
            \(environment("other", password: Self.otherPassword))
            """)
        try temp.write("M/echo.yaml", """
            url: /echo/m?k={{token}}
            headers:
              - {name: X-Word, value: "{{word}}"}
            """)
        try temp.write("M/escaped.yaml", """
            url: \(escaping.url("/escaped").absoluteString)
            headers:
              - {name: X-Word, value: "{{word}}"}
            """)
        return temp
    }

    func expectClean(_ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for secret in Self.forbidden {
            #expect(!text.contains(secret), "\(what) shows \(secret): \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyOutputMasksEveryEncoding() async throws {
        let echo = try await LoopbackServer.start()
        // A server that echoes the secrets JSON-escaped: non-ASCII as `\u` (both cases) and `/` as `\/`.
        let body = #"{"word":"\u00fcber-geheim","WORD":"\u00FCber-geheim","token":"Qz7+Kp\/w 9=v"}"#
        let escaping = try FaultServer(routes: ["/escaped": .respond(status: 200, headers: ["Content-Type: application/json"], body: body)])
        defer { escaping.stop() }
        let temp = try collection(echo: echo, escaping: escaping)
        let history = temp.path + "/history.sqlite"
        let common = ["--collections", temp.path, "--history", history]

        let sent = try await CLIRunner.run(["send", "M/echo", "--env", "local", "--print", "Hhb", "--pretty", "none"] + common)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("Authorization: Basic ••••••"), "\(sent.stdout)")
        // The server got the credentials and the token (its echo carries them, masked above).
        #expect(await echo.hits("/echo/m") == 1)
        expectClean(sent.stdout + sent.stderr, "send --print")

        let escaped = try await CLIRunner.run(["send", "M/escaped", "--env", "local", "--print", "Hhb", "--pretty", "none"] + common)
        #expect(escaped.status == 0, "\(escaped.stderr)")
        #expect(escaped.stdout.contains(#""word":"••••••""#) && escaped.stdout.contains(#""WORD":"••••••""#), "\(escaped.stdout)")
        expectClean(escaped.stdout + escaped.stderr, "send --print of a JSON-escaped echo")
        let pretty = try await CLIRunner.run(["send", "M/escaped", "--env", "local", "--print", "b", "--no-history", "--collections", temp.path])
        expectClean(pretty.stdout + pretty.stderr, "send --print b, pretty")

        for format in ["curl", "http", "swift"] {
            let exported = try await CLIRunner.run(["export", format, "M/echo", "--env", "local", "--collections", temp.path])
            #expect(exported.status == 0, "\(exported.stderr)")
            expectClean(exported.stdout + exported.stderr, "export \(format)")
        }

        let list = try await CLIRunner.run(["history", "list", "--json", "--history", history])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list.stdout)")
        #expect(entries.count == 2)
        for id in entries.compactMap({ $0["id"] as? Int }) {
            let shown = try await CLIRunner.run(["history", "show", "\(id)", "--print", "Hhb", "--history", history])
            #expect(shown.status == 0, "\(shown.stderr)")
            expectClean(shown.stdout + shown.stderr, "history show \(id)")
        }
        let har = try await CLIRunner.run(["history", "export", "--har", "-", "--history", history])
        #expect(har.status == 0, "\(har.stderr)")
        expectClean(har.stdout + har.stderr, "history export --har")

        let diff = try await CLIRunner.run(["diff", "M/echo", "--env", "local", "--env", "other"] + common)
        expectClean(diff.stdout + diff.stderr, "diff")

        let raw = SQLiteFileBytes.read(history)
        #expect(!raw.isEmpty)
        for secret in Self.forbidden {
            #expect(raw.range(of: Data(secret.utf8)) == nil, "the history database holds \(secret)")
        }
        await echo.stop()
    }
}
