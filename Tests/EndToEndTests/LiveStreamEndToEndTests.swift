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

    /// What `executable` prints on standard output (small outputs only: read once it has exited).
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Esc keeps what arrived in history too: the events, their real size, and that the stream was cancelled.
    @Test func aStreamStoppedWithEscIsKeptInHistory() throws {
        let event = "event: tick\nid: 7\ndata: {\"n\": 1}\n\n"
        let server = try FaultServer(routes: ["/held": .chunksThenSilence(contentType: "text/event-stream", chunks: [event])])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", "name: S\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("S/held.yaml", "name: Held\nurl: /held\ntimeout: 5\n")
        let history = temp.path + "/history.sqlite"
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--history", history], width: 110, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("j", "Enter")
        try session.waitFor("streaming · 1 event")
        try session.sendKeys("Escape")
        try session.waitFor("Stopped after")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let listed = try Self.output(binary.path, ["history", "list", "--history", history])
        #expect(listed.contains("S/held") && listed.contains("\(event.utf8.count) B") && listed.contains("cancelled"), "\(listed)")
        let shown = try Self.output(binary.path, ["history", "show", "1", "--history", history])
        #expect(shown.contains("{\"n\": 1}"), "\(shown)")
    }

    /// A stream that ends opens on its Stream tab: an event opened whole, pretty-printed, and the JSONPath filter over
    /// each event's data.
    @Test func theStreamTabOpensSearchesAndFiltersEvents() throws {
        let chunks = (1...3).map { "event: tick\nid: \($0)\ndata: {\"n\": \($0), \"word\": \"w\($0)\"}\n\n" }
        let server = try FaultServer(routes: ["/three": .chunkedStream(contentType: "text/event-stream", chunks: chunks, interval: 0.02)])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", "name: S\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("S/three.yaml", "name: Three\nurl: /three\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 110, height: 30)
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("j", "Enter")
        let ended = try session.waitFor("Stream (3)")
        #expect(ended.contains("Raw") && ended.contains("tick id 3 {\"n\": 3"), "\(ended)")
        try session.sendKeys("Tab", "Tab", "k", "Enter")
        let opened = try session.waitFor("#2 · event: tick · id 2")
        #expect(opened.contains("\"word\": \"w2\""), "\(opened)")
        // Esc on its own: followed at once by f, a terminal reads the pair as Alt-f.
        try session.sendKeys("Escape")
        try session.waitUntilGone("#2 · event")
        try session.sendKeys("f")
        try session.waitFor("filter ")
        try session.sendText("$.word")
        try session.sendKeys("Enter")
        let filtered = try session.waitFor("[filter $.word: 3 of 3]")
        #expect(filtered.contains("tick id 1 \"w1\""), "\(filtered)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
