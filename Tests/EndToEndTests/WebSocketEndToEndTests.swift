import Foundation
import Testing
import TestSupport

/// Issue 28 in the real binary: a WebSocket request's conversation in the response pane against a loopback server.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct WebSocketEndToEndTests {
    @Test func ctrlJConnectsTalksAndEscCloses() throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("W/collection.yaml", "name: W\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:\(server.port)\n")
        try temp.write("W/chat.yaml", """
            name: Chat
            method: WS
            url: /chat
            protocols: [chat.v2]
            messages:
              - text: fragments
            body:
              type: text
              content: typed here
            """)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 110, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("j", "C-j")
        // The saved message goes out; the server's answer (three frames, one message) comes back.
        let talking = try session.waitFor("← fragments")
        #expect(talking.contains("connected (chat.v2)") && talking.contains("→ fragments"), "\(talking)")
        try session.sendKeys("C-j")
        try session.waitFor("← typed here")
        try session.sendKeys("Escape")
        try session.waitFor("closed 1000")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
