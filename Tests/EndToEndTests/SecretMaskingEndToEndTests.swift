import Foundation
import Testing
import TestSupport

/// In the real binary: a secret the server echoes back percent-encoded is masked on screen, in the Body tab.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct SecretMaskingEndToEndTests {
    @Test func anEchoedEncodedSecretIsMaskedInTheBodyTab() throws {
        let secret = "sk/0123456789abcdef0123=Q"
        let server = try FaultServer(routes: ["/secret/a": .echoTarget])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", SecretEchoCollection.collectionFile(name: "S", baseURL: server.baseURL))
        try temp.write("S/a.yaml", "url: /secret/a\nquery:\n  - name: q\n    value: \"{{apiSecret}}\"\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--trust", "--collections", temp.path, "--no-history"], width: 120, height: 30,
                                      environment: [SecretEchoCollection.variable: secret])
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.sendKeys("j", "Enter")
        let screen = try session.waitFor("200 OK")
        #expect(server.requests(to: "/secret/a").first?.target == "/secret/a?q=sk%2F0123456789abcdef0123%3DQ")
        #expect(!screen.contains("sk%2F") && !screen.contains(secret), "\(screen)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
