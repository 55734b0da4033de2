import Foundation
import Testing
import TestSupport

/// The Auth tab's token keys in the real binary: the device flow's code shown while the explorer polls off the UI,
/// the token's state once approved, a send with it, and forgetting it.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct OAuthEndToEndTests {
    @Test func theAuthTabFetchesADeviceCodeTokenSendsWithItAndForgetsIt() throws {
        let server = try OAuthServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            auth:
              type: oauth2
              grant: device_code
              tokenURL: \(server.url("/token"))
              deviceAuthorizationURL: \(server.url("/device"))
              clientId: \(server.clientId)
              scope: read
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
            """)
        try temp.write("S/echo.yaml", "name: Echo\nurl: /api/echo\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 120, height: 40,
                                      environment: ["APIEXPLORER_STATE_DIR": temp.path + "/state", "DISPLAY": "", "WAYLAND_DISPLAY": ""])
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.sendKeys("j")
        try session.waitFor("/api/echo")
        try session.sendKeys("Tab")
        // To the Auth tab, whichever tab the request opened on.
        var screen = try session.capture()
        for _ in 0..<6 where !screen.contains("f shows or fetches it") {
            try session.sendKeys("]")
            if let found = try? session.waitFor("f shows or fetches it", timeout: 1) { screen = found } else { screen = try session.capture() }
        }
        #expect(screen.contains("f shows or fetches it"), "no Auth tab:\n\(screen)")
        try session.sendKeys("f")
        // The explorer keeps drawing while it polls: the code is on the status line.
        try session.waitFor("Enter the code WDJB-MJHT")
        server.approveDevice()
        let fetched = try session.waitFor("expires in", timeout: 15)
        #expect(fetched.contains("scopes read"), "\(fetched)")
        try session.sendKeys("C-j")
        let sent = try session.waitFor("200 OK", timeout: 15)
        let token = try #require(server.apiTokens.last)
        #expect(!sent.contains(token), "the token is masked on screen")
        try session.sendKeys("F")
        try session.waitFor("token forgotten")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(server.tokenCalls.count == 1, "one token for the fetch and the send")
    }
}
