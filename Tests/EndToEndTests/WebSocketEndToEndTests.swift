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

    /// History keeps each conversation the explorer held: one closed with Esc, and one still open when the explorer quit.
    @Test func historyKeepsAConversationWhenItClosesAndWhenTheExplorerQuits() throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("W/collection.yaml", "name: W\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:\(server.port)\n")
        try temp.write("W/chat.yaml", "name: Chat\nmethod: WS\nurl: /chat\nmessages:\n  - text: first\nbody:\n  type: text\n  content: typed here\n")
        let history = temp.path + "/h.sqlite"
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--history", history], width: 110, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("j", "C-j")
        try session.waitFor("← first")
        try session.sendKeys("Escape")
        try session.waitFor("closed 1000")
        // A second conversation, still open when the explorer quits.
        try session.sendKeys("C-j")
        try session.waitFor("connected")
        try session.sendKeys("C-j")
        try session.waitFor("← typed here")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)

        let closed = try run(binary.path, ["history", "show", "1", "--pretty", "none", "--history", history])
        #expect(closed.status == 0, "\(closed.standardError)")
        #expect(closed.standardOutput.contains("→ text · 5 B · +") && closed.standardOutput.contains("← text · 5 B · +"), "\(closed.standardOutput)")
        let quit = try run(binary.path, ["history", "show", "2", "--print", "b", "--history", history])
        #expect(quit.status == 0 && quit.standardOutput == "first\ntyped here\n", "\(quit.standardOutput) \(quit.standardError)")
        let list = try run(binary.path, ["history", "--history", history])
        #expect(list.standardOutput.contains("WS") && list.standardOutput.contains("101"), "\(list.standardOutput)")
    }

    /// Runs `executable` and returns how it exited and what it printed (small outputs: pipes are read after the exit).
    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, standardOutput: String, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
    }
}
