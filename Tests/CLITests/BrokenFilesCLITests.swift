import Foundation
import Testing
import TestSupport

/// Every kind of malformed collection input at once, beside a request that loads, for `list`, `send` and the explorer.
struct BrokenCollectionFixture {
    let temp: TempDirectory

    init(baseURL: String) throws {
        temp = try TempDirectory()
        try temp.write("G/collection.yaml", "name: G\nenvironments:\n  - name: local\n    baseURL: \(baseURL)\n")
        try temp.write("G/ok.yaml", "url: /ok\n")
        try temp.write("G/syntax.yaml", "url: /x\nheaders: [\n  - name: a\n")
        try temp.write("G/wrong-type.yaml", "url:\n  - /a\n  - /b\n")
        try temp.write("G/unknown-key.yaml", "url: /ok\nretries: 3\n")
        try temp.write("G/bad-url.yaml", "url: /has space\n")
        try temp.write("G/dup.yaml", "url: /ok\n")
        try temp.write("G/dup.json", "{\"url\": \"/ok\"}\n")
        try temp.write("G/binary.yaml", "url: /x\n\u{0}\u{1}\u{2}garbage\u{0}\n")
        // 50 MB, sparse so the test stays fast: the loader refuses it by size without reading it.
        let huge = temp.path + "/G/huge.yaml"
        FileManager.default.createFile(atPath: huge, contents: Data("url: /x\n".utf8))
        truncate(huge, 50 << 20)
        try FileManager.default.createDirectory(atPath: temp.path + "/G/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temp.path + "/G/sub/loop", withDestinationPath: temp.path + "/G")
        try FileManager.default.createSymbolicLink(atPath: temp.path + "/G/gone.yaml", withDestinationPath: temp.path + "/nowhere.yaml")
        try temp.write("Broken/collection.yaml", "name: Broken\nenvironments: {\n")
        try temp.write("Broken/r.yaml", "url: /r\n")
    }

    /// `file:line:column` prefixes every located problem must carry, and the file-level ones, which have no position.
    static let located = ["G/syntax.yaml:3:3: error:", "G/wrong-type.yaml:2:3: error:", "G/unknown-key.yaml:2:1: warning:",
                          "G/bad-url.yaml:1:1: error:", "G/binary.yaml:2:1: error:", "Broken/collection.yaml:3:1: error:"]
    static let fileLevel = ["G/dup.yaml: error: skipped: 'dup.json'", "G/huge.yaml: error: the file is 50.0 MB",
                            "G/sub/loop: error: skipped: this folder links back", "G/gone.yaml: error: cannot be read"]
}

@Suite("Broken collection files in list and send")
struct BrokenFilesCLITests {
    @Test func listReportsEveryBrokenFileWithItsLocationAndListsTheRest() async throws {
        let fixture = try BrokenCollectionFixture(baseURL: "http://127.0.0.1:1")
        let output = try await CLIRunner.run(["list", "--collections", fixture.temp.path])
        #expect(output.status == 0, "\(output.stderr)")
        for expected in BrokenCollectionFixture.located + BrokenCollectionFixture.fileLevel {
            #expect(output.stderr.contains(expected), "\(expected) in \(output.stderr)")
        }
        #expect(output.stdout.contains("G/ok") && output.stdout.contains("G/unknown-key") && output.stdout.contains("G/dup"))
        #expect(!output.stdout.contains("G/syntax") && !output.stdout.contains("Broken/r"))
    }

    @Test func sendStillSendsAGoodRequestAndExplainsABrokenOne() async throws {
        let server = try FaultServer(routes: ["/ok": .respond(status: 200, headers: [], body: "fine")])
        defer { server.stop() }
        let fixture = try BrokenCollectionFixture(baseURL: server.baseURL.absoluteString)
        let good = try await CLIRunner.run(["send", "G/ok", "--print", "b", "--collections", fixture.temp.path])
        #expect(good.status == 0 && good.stdout == "fine\n", "\(good.stderr)")
        #expect(good.stderr.contains("G/syntax.yaml:3:3: error:"))
        // Problems of other collections are counted, not listed: Broken/collection.yaml is not this request's concern.
        #expect(!good.stderr.contains("Broken/collection.yaml"), "\(good.stderr)")
        #expect(good.stderr.contains("apiexplorer: 1 problem in other collections not shown; `apiexplorer list` shows them."), "\(good.stderr)")
        let broken = try await CLIRunner.run(["send", "G/syntax", "--collections", fixture.temp.path])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("error: 'G/syntax' could not be loaded: /") && broken.stderr.contains("G/syntax.yaml:3:3: error: invalid YAML"),
                "\(broken.stderr)")
    }
}
