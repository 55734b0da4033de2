import Foundation
import Testing
import TestSupport

/// `send` on large and binary bodies: streamed in bounded memory, binary summarised rather than dumped.
@Suite("send streams large bodies and summarises binary ones")
struct LargeBodyCLITests {
    static let server = Result { try FaultServer(routes: [
        "/large": .largeBody(bytes: 100 << 20), "/json": .largeJSON(bytes: 48 << 20),
        "/bomb": .gzipBomb(expandedBytes: 64 << 20), "/hugeBomb": .gzipBomb(expandedBytes: 2 << 30),
        "/binary": .respond(status: 200, headers: ["Content-Type: application/octet-stream"], body: "\u{0}\u{1}\u{2}PNG\u{1B}[2J"),
    ]) }

    /// The most a run may hold: the binary itself takes about 60 MB in a debug build; printing may add little to that.
    static let memoryBound = 128 << 20

    func collection() throws -> TempDirectory {
        let temp = try TempDirectory()
        let base = try LargeBodyCLITests.server.get().baseURL.absoluteString
        try temp.write("L/collection.yaml", "name: L\nenvironments:\n  - name: local\n    baseURL: \(base)\n")
        for name in ["large", "json", "bomb", "hugeBomb", "binary"] { try temp.write("L/\(name).yaml", "url: /\(name)\ntimeout: 60\n") }
        return temp
    }

    @Test(arguments: [["--pretty", "none"], ["--pretty", "format"]])
    func a100MBTextBodyIsStreamedInBoundedMemory(pretty: [String]) async throws {
        let temp = try collection()
        guard let run = try await CLIRunner.runMeasured(["send", "L/large", "--print", "b", "--collections", temp.path] + pretty) else { return }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutBytes == (100 << 20) + 1, "the whole body and a final line break")
        #expect(run.peakMemory < LargeBodyCLITests.memoryBound, "peak \(run.peakMemory >> 20) MB")
    }

    @Test func a48MBJSONBodyIsPrettyPrintedInBoundedMemory() async throws {
        let temp = try collection()
        guard let run = try await CLIRunner.runMeasured(["send", "L/json", "--print", "b", "--pretty", "format", "--collections", temp.path]) else { return }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutBytes > 48 << 20, "formatted, so larger than the body")
        #expect(run.peakMemory < LargeBodyCLITests.memoryBound, "peak \(run.peakMemory >> 20) MB")
    }

    @Test(arguments: ["none", "format", "colors", "all"])
    func aBinaryBodyIsSummarisedNotDumped(pretty: String) async throws {
        let temp = try collection()
        let output = try await CLIRunner.run(["send", "L/binary", "--print", "b", "--pretty", pretty, "--collections", temp.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("(binary body: 10 bytes, application/octet-stream)\n00000000  00 01 02 50 4e 47 1b 5b"),
                "\(output.stdout.debugDescription)")
        #expect(!output.stdout.contains(#"\u{0}"#) && !output.stdout.contains("\u{1B}"))
        // Asked for: the bytes themselves, and nothing else on stdout.
        let raw = try await CLIRunner.run(["send", "L/binary", "--output", "-", "--collections", temp.path])
        #expect(raw.stdout == "\u{0}\u{1}\u{2}PNG\u{1B}[2J" && raw.stderr.hasPrefix("200 OK"), "\(raw.stdout.debugDescription)")
    }

    @Test func aGzipBombOfZerosIsSummarisedInBoundedMemory() async throws {
        let temp = try collection()
        guard let run = try await CLIRunner.runMeasured(["send", "L/bomb", "--print", "b", "--pretty", "none", "--collections", temp.path]) else { return }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutBytes < 4096, "a summary, not 64 MB of escapes: \(run.stdoutBytes) bytes")
        #expect(run.peakMemory < LargeBodyCLITests.memoryBound, "peak \(run.peakMemory >> 20) MB")
    }

    /// Past the 1 GiB limit the transfer stops and what still arrives is dropped: memory stays far below the limit.
    @Test func aGzipBombPastTheLimitStopsInBoundedMemory() async throws {
        let temp = try collection()
        guard let run = try await CLIRunner.runMeasured(["send", "L/hugeBomb", "--print", "m", "--collections", temp.path]) else { return }
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: Response too large (more than 1024.0 MB; the limit is 1024.0 MB)"), "\(run.stderr)")
        #expect(run.peakMemory < 2 * LargeBodyCLITests.memoryBound, "peak \(run.peakMemory >> 20) MB")
    }

    /// The binary's own temporary files (a spilled body, an atomic save, an import) are gone when it exits: the
    /// empty `TemporaryDirectory.*` folders a test run leaves in /tmp come from the toolchain (swift build, swift test,
    /// swiftc), not from apiexplorer.
    @Test func theBinaryLeavesNothingInTheTemporaryDirectory() async throws {
        let temp = try collection()
        let scratch = try TempDirectory()
        let environment = ["TMPDIR": scratch.path]
        let spilled = try await CLIRunner.run(["send", "L/large", "--print", "m", "--collections", temp.path], environment: environment)
        #expect(spilled.status == 0 && spilled.stdout.contains("100.0 MB"), "\(spilled.stderr)")
        let saved = try await CLIRunner.run(["send", "L/binary", "--output", temp.path + "/body.bin", "--print", "m",
                                             "--collections", temp.path], environment: environment)
        #expect(saved.status == 0, "\(saved.stderr)")
        let fixture = CLIRunner.packageRoot.appendingPathComponent("Tests/ExplorerCoreTests/Import/Fixtures/shop.postman_collection.json").path
        let imported = try await CLIRunner.run(["import", "postman", fixture, "--into", temp.path + "/imported"], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
    }
}
