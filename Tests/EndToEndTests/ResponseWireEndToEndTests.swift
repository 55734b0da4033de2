import Foundation
import Testing
import TestSupport

/// The explorer in tmux against a loopback server: a response's repeated headers, its cookies' flags and a compressed
/// body's size on the wire reach the screen as they came.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ResponseWireEndToEndTests {
    static let routes: [String: Fault] = [
        "/a-cookies": .respond(status: 200, headers: [
            "Set-Cookie: session=abc; Path=/; HttpOnly", "X-Zeta: z", "Set-Cookie: theme=dark; Path=/",
        ], body: "in"),
        "/b-gzip": .gzipBomb(expandedBytes: 2000),
    ]

    @Test func repeatedHeadersCookieFlagsAndTheWireSizeAreShown() throws {
        let server = try FaultServer(routes: ResponseWireEndToEndTests.routes)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wire-e2e-\(UUID().uuidString)")
        let directory = scratch.appendingPathComponent("Wire")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "name: Wire\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n"
            .write(to: directory.appendingPathComponent("collection.yaml"), atomically: true, encoding: .utf8)
        for name in ["a-cookies", "b-gzip"] {
            try "name: \(name)\nurl: /\(name)\n".write(to: directory.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        }
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", scratch.path, "--no-history"], width: 110, height: 30)
        defer { session.kill(); server.stop(); try? FileManager.default.removeItem(at: scratch) }
        try session.waitFor("env: local")

        try session.sendKeys("g", "j", "Enter")
        try session.waitFor("200 OK")
        // To the response pane, then its Headers tab.
        try session.sendKeys("Tab", "Tab", "]")
        let headers = try session.waitFor("X-Zeta")
        #expect(headers.contains("Headers (5)"), "one row per field, counted so: \(headers)")
        let rows = ["Content-Length", "Connection", "session=abc", "X-Zeta", "theme=dark"].map { text in
            headers.split(separator: "\n").firstIndex { $0.contains(text) }
        }
        #expect(rows.allSatisfy { $0 != nil } && rows == rows.sorted { ($0 ?? 0) < ($1 ?? 0) }, "in wire order: \(headers)")
        #expect(headers.split(separator: "\n").filter { $0.contains("Set-Cookie") }.count == 2, "\(headers)")
        try session.sendKeys("]", "]")
        let cookies = try session.waitFor("Flags")
        #expect(cookies.split(separator: "\n").contains { $0.contains("session") && $0.contains("HttpOnly") }, "\(cookies)")

        // Back to the tree (Tab goes round), then the compressed one.
        try session.sendKeys("Tab", "j", "Enter")
        try session.waitFor("2.0 KB (\(GzipBomb.make(expandedBytes: 2000).count) B on the wire)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
