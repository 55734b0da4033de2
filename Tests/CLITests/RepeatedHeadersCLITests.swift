import Foundation
import Testing
import TestSupport

/// `send` prints repeated headers one per line in wire order, its checks see each value, and history keeps them so.
@Suite("send and history keep repeated headers apart", .serialized)
struct RepeatedHeadersCLITests {
    static let server = Result { try FaultServer(routes: [
        "/login": .respond(status: 200, headers: [
            "Set-Cookie: session=abc; Path=/; HttpOnly", "X-Zeta: z", "Content-Type: text/plain", "Set-Cookie: theme=dark; Path=/",
        ], body: "in"),
    ]) }

    func collection() throws -> TempDirectory {
        let temp = try TempDirectory()
        let base = try RepeatedHeadersCLITests.server.get().baseURL.absoluteString
        try temp.write("W/collection.yaml", "name: W\nenvironments:\n  - name: local\n    baseURL: \(base)\n")
        try temp.write("W/login.yaml", """
        url: /login
        checks:
          - header: Set-Cookie
            matches: ^theme=dark
        """)
        return temp
    }

    @Test func repeatedHeadersArePrintedCheckedAndKeptOnePerLineInWireOrder() async throws {
        let temp = try collection()
        let file = temp.path + "/history.sqlite"
        let sent = try await CLIRunner.run(["send", "W/login", "--print", "h", "--history", file, "--collections", temp.path])
        #expect(sent.status == 0, "the check sees the second Set-Cookie: \(sent.stderr)")
        #expect(sent.stderr.contains("✓ 1 check passed"), "\(sent.stderr)")
        let head = sent.stdout.split(separator: "\n").map(String.init)
        #expect(head == [
            "HTTP/1.1 200 OK", "Content-Length: 2", "Connection: close", "Set-Cookie: session=abc; Path=/; HttpOnly", "X-Zeta: z",
            "Content-Type: text/plain", "Set-Cookie: theme=dark; Path=/",
        ], "\(sent.stdout)")
        // History keeps them apart too, cookie values masked.
        let shown = try await CLIRunner.run(["history", "show", "1", "--print", "h", "--history", file])
        let names = shown.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ":").first.map(String.init) ?? "" }
        #expect(names == ["Content-Length", "Connection", "Set-Cookie", "X-Zeta", "Content-Type", "Set-Cookie"], "\(shown.stdout)")
        #expect(!shown.stdout.contains("abc") && !shown.stdout.contains("dark"), "\(shown.stdout)")
    }
}
