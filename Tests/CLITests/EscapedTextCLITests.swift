import Foundation
import Testing
import TestSupport

/// `send` prints a text body with a few terminal escapes as text, the escapes visible; only NUL bytes or a binary
/// type make a hex dump.
@Suite("send shows text with escapes as text", .serialized)
struct EscapedTextCLITests {
    static let server = Result { try FaultServer(routes: [
        "/title": .respond(status: 200, headers: ["Content-Type: text/plain"],
                           body: "title \u{1B}]0;pwned\u{07} then \u{1B}[2J\u{1B}[31mred\u{1B}[0m\nsecond line\n"),
        "/json": .respond(status: 200, headers: ["Content-Type: application/json"], body: "{\"title\": \"\u{1B}]0;pwned\u{07}\u{1B}[2J\"}"),
        "/nul": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "text\u{0}with a NUL"),
    ]) }

    func collection() throws -> TempDirectory {
        let temp = try TempDirectory()
        let base = try EscapedTextCLITests.server.get().baseURL.absoluteString
        try temp.write("W/collection.yaml", "name: W\nenvironments:\n  - name: local\n    baseURL: \(base)\n")
        for name in ["title", "json", "nul"] { try temp.write("W/\(name).yaml", "url: /\(name)\n") }
        return temp
    }

    @Test(arguments: ["none", "all"])
    func textWithAFewEscapesIsShownAsTextWithTheEscapesVisible(pretty: String) async throws {
        let temp = try collection()
        let text = try await CLIRunner.run(["send", "W/title", "--print", "b", "--pretty", pretty, "--no-history", "--collections", temp.path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.contains("binary body"), "\(text.stdout)")
        #expect(text.stdout.contains(#"title \u{1B}]0;pwned\u{7} then \u{1B}[2J\u{1B}[31mred\u{1B}[0m"#), "\(text.stdout)")
        #expect(text.stdout.contains("\nsecond line"), "\(text.stdout)")
        #expect(!text.stdout.contains("\u{1B}]") && !text.stdout.contains("\u{1B}[2J"), "no escape reaches the terminal raw")
        let json = try await CLIRunner.run(["send", "W/json", "--print", "b", "--pretty", pretty, "--no-history", "--collections", temp.path])
        #expect(json.status == 0 && !json.stdout.contains("binary body"), "\(json.stdout)")
        #expect(json.stdout.contains(#"\u{1B}]0;pwned"#) && !json.stdout.contains("\u{1B}]"), "\(json.stdout)")
        // A NUL byte still makes it binary, whatever the type says.
        let nul = try await CLIRunner.run(["send", "W/nul", "--print", "b", "--pretty", pretty, "--no-history", "--collections", temp.path])
        #expect(nul.stdout.hasPrefix("(binary body: 15 bytes, text/plain)\n00000000  74 65 78 74 00"), "\(nul.stdout)")
    }
}
