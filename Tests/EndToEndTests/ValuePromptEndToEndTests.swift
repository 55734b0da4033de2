import ExplorerCore
import Foundation
import Testing
import TestSupport

/// `{{$prompt Password}}` in the real explorer: Ctrl-J asks for it in an overlay that shows bullets, Enter sends, and
/// a loopback server that checks a Digest answer proves the typed password arrived; the next send does not ask.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ValuePromptEndToEndTests {
    @Test func thePromptAsksHiddenAndTheAnswerArrives() throws {
        let aws = AWSCredentials(accessKey: "AKIDEXAMPLE", secretKey: "unused", sessionToken: nil, region: "us-east-1", service: "x")
        let server = try CredentialServer(username: "ada", password: "pw-SECRET-tmux", aws: aws)
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", """
            name: T
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: password
                    value: "{{$prompt Password}}"
                    secret: true
            """)
        try temp.write("T/a.yaml", "name: A\nurl: /digest/check\nauth:\n  type: digest\n  username: ada\n  password: \"{{password}}\"\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 100, height: 24)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.sendKeys("j")
        try session.waitFor("/digest/check")
        try session.sendKeys("C-j")
        try session.waitFor(" Password ")
        try session.sendText("pw-SECRET-tmux")
        let typed = try session.waitFor("••••••••••••••")
        #expect(!typed.contains("pw-SECRET-tmux"), "\(typed)")
        try session.sendKeys("Enter")
        try session.waitFor("digest ok")
        #expect(server.log.contains { $0.verdict == "accepted" })
        // Kept for the session: the next send goes straight out.
        let before = server.log.filter { $0.verdict == "accepted" }.count
        try session.sendKeys("C-j")
        try session.waitUntil { _ in server.log.filter { $0.verdict == "accepted" }.count > before }
        #expect(!(try session.capture()).contains(" Password "))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
