import Foundation
import Testing
import TestSupport

/// A secret used in a query parameter is percent-encoded on the way out and echoed back that way; every output
/// masks it in that form too, while `--output` keeps the bytes that arrived.
@Suite("Secrets are masked in their encoded forms", .serialized)
struct SecretMaskingCLITests {
    static let secret = "sk/0123456789abcdef0123=Q"
    static let encoded = "sk%2F0123456789abcdef0123%3DQ"

    func collection(_ server: FaultServer) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", SecretEchoCollection.collectionFile(name: "S", baseURL: server.baseURL))
        try temp.write("S/secret/a.yaml", """
        url: /secret/a
        query:
          - name: api_key
            value: "{{apiSecret}}"
        """)
        try temp.write("S/secret/b.yaml", """
        url: /secret/b
        query:
          - name: q
            value: "{{apiSecret}}"
        """)
        return temp
    }

    @Test func sendRunAndHistoryShowNeverPrintTheEncodedSecret() async throws {
        let server = try FaultServer(routes: ["/secret/a": .echoTarget, "/secret/b": .echoTarget])
        defer { server.stop() }
        let temp = try collection(server)
        let history = temp.path + "/history.sqlite"
        let env = [SecretEchoCollection.variable: Self.secret]
        let sent = try await CLIRunner.run(["send", "--trust", "S/secret/a", "--print", "Hmb", "--collections", temp.path, "--history", history],
                                           environment: env)
        #expect(sent.status == 0, "\(sent.stderr)")
        // The server did receive the encoded secret: it is the echo that must be masked.
        #expect(server.requests(to: "/secret/a").first?.target == "/secret/a?api_key=" + Self.encoded)
        #expect(!sent.stdout.contains(Self.encoded) && !sent.stdout.contains(Self.secret), "\(sent.stdout)")
        #expect(sent.stdout.contains("GET /secret/a?api_key=•••••• HTTP/1.1"), "\(sent.stdout)")
        #expect(sent.stdout.contains("\n/secret/a?api_key=••••••"), "the echoed body: \(sent.stdout)")

        // A parameter whose name says nothing about secrets is masked by its value.
        let other = try await CLIRunner.run(["send", "--trust", "S/secret/b", "--print", "Hb", "--collections", temp.path, "--no-history"], environment: env)
        #expect(!other.stdout.contains(Self.encoded) && other.stdout.contains("GET /secret/b?q=•••••• HTTP/1.1"), "\(other.stdout)")

        // What the user takes out on purpose keeps the bytes.
        let file = temp.path + "/body.txt"
        let saved = try await CLIRunner.run(["send", "--trust", "S/secret/a", "--output", file, "--collections", temp.path, "--no-history"],
                                            environment: env)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "/secret/a?api_key=" + Self.encoded)

        let run = try await CLIRunner.run(["run", "--trust", "S", "--collections", temp.path, "--no-history"], environment: env)
        #expect(!run.stdout.contains(Self.encoded) && !run.stderr.contains(Self.encoded), "\(run.stdout)\(run.stderr)")

        // History shows the mask as the mask, and the size that was received (the mask is not the secret's length).
        let list = try await CLIRunner.run(["history", "list", "--json", "--history", history])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let id = try #require(entries.first?["id"] as? Int)
        let shown = try await CLIRunner.run(["history", "show", "\(id)", "--print", "Hmb", "--history", history])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!shown.stdout.contains("%E2%80%A2") && !shown.stdout.contains(Self.encoded), "\(shown.stdout)")
        #expect(shown.stdout.contains("GET /secret/a?api_key=•••••• HTTP/1.1"), "\(shown.stdout)")
        let received = "/secret/a?api_key=".utf8.count + Self.encoded.utf8.count
        #expect(shown.stdout.contains("\(received) B"), "the size received, \(received) B: \(shown.stdout)")
    }
}
