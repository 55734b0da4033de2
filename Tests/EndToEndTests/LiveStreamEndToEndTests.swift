import Foundation
import Testing
import TestSupport

/// Issue 28 in the real binary: a server-sent event is on screen while its stream is still open, with the streaming
/// status line, and Esc stops the stream keeping what arrived.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct LiveStreamEndToEndTests {
    @Test func eventsShowAsTheyArriveAndEscKeepsThem() throws {
        let server = try FaultServer(routes: [
            // One event, then the stream stays open: the event can only be on screen if it was drawn as it came.
            "/held": .chunksThenSilence(contentType: "text/event-stream", chunks: ["event: tick\nid: 7\ndata: {\"n\": 1}\n\n"]),
        ])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", "name: S\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("S/held.yaml", "name: Held\nurl: /held\ntimeout: 5\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 110, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("j", "Enter")
        let live = try session.waitFor("streaming · 1 event")
        #expect(live.contains("tick id 7 {\"n\": 1}"), "\(live)")
        try session.sendKeys("Escape")
        let stopped = try session.waitFor("Stopped after")
        #expect(stopped.contains("1 event · Ctrl-J") && stopped.contains("tick id 7 {\"n\": 1}"), "\(stopped)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
