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

    /// The conversation's keys against the real server: ping, a saved message picked, the composed message saved into
    /// the file, a close with a code of the user's, and a reconnect.
    @Test func theConversationKeysPingPickSaveCloseAndReconnect() throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("W/collection.yaml", "name: W\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:\(server.port)\n")
        try temp.write("W/chat.yaml", """
            name: Chat
            method: WS
            url: /chat
            messages:
              - name: first
                text: one
              - name: second
                json: '{"n": 2}'
            body:
              type: text
              content: composed
            """)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 120, height: 32)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("j", "C-j")
        try session.waitFor("← {\"n\": 2}")
        try session.sendKeys("Tab", "Tab", "p")
        try session.waitFor("· pong")
        try session.sendKeys("P")
        try session.waitFor("Send a saved message")
        try session.sendKeys("Enter")
        try session.waitFor("Sent first.")
        try session.sendKeys("a")
        try session.waitFor("Save the message in Chat")
        try session.sendKeys("C-u")
        try session.sendText("kept")
        try session.sendKeys("Enter")
        try session.waitFor("Saved")
        let file = try String(contentsOfFile: temp.path + "/W/chat.yaml", encoding: .utf8)
        #expect(file.contains("  - name: kept\n    text: composed") && file.contains("  - name: second"), "\(file)")
        try session.sendKeys("X")
        try session.waitFor("Close the connection")
        try session.sendKeys("C-u")
        try session.sendText("4001")
        try session.sendKeys("Tab")
        try session.sendText("done here")
        try session.sendKeys("Enter")
        let closed = try session.waitFor("closed 4001")
        #expect(closed.contains("Ctrl-J connects again"), "\(closed)")
        try session.sendKeys("r")
        try session.waitFor("connected · 3 ↑")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
