import Foundation
import Testing
import TestSupport

/// `send` and `history show` give a compressed body's size on the wire beside its decoded size.
@Suite("send shows a compressed body's size on the wire", .serialized)
struct CompressedBodyCLITests {
    static let server = Result { try FaultServer(routes: [
        "/gzip": .gzipBomb(expandedBytes: 2000),
    ]) }

    func collection() throws -> TempDirectory {
        let temp = try TempDirectory()
        let base = try CompressedBodyCLITests.server.get().baseURL.absoluteString
        try temp.write("W/collection.yaml", "name: W\nenvironments:\n  - name: local\n    baseURL: \(base)\n")
        for name in ["gzip"] { try temp.write("W/\(name).yaml", "url: /\(name)\n") }
        return temp
    }

    @Test func aCompressedBodyShowsItsSizeOnTheWire() async throws {
        let temp = try collection()
        let file = temp.path + "/history.sqlite"
        let wire = GzipBomb.make(expandedBytes: 2000).count
        let sent = try await CLIRunner.run(["send", "W/gzip", "--print", "m", "--history", file, "--collections", temp.path])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("  2.0 KB (\(wire) B on the wire)"), "\(sent.stdout)")
        let shown = try await CLIRunner.run(["history", "show", "1", "--print", "m", "--history", file])
        #expect(shown.stdout.contains("  2.0 KB (\(wire) B on the wire)"), "\(shown.stdout)")
    }
}
