import Foundation
import Testing
import TestSupport

/// `send` evaluates the request's checks and captures, prints the tally after the response and exits 5 on a failure,
/// so one request can be a CI step without `run`.
@Suite("send evaluates checks", .serialized)
struct SendChecksCLITests {
    func collection(_ server: FaultServer) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("C/collection.yaml", "name: C\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("C/good.yaml", """
        url: /item
        checks:
          - status: 200
          - json: $.id
            equals: 7
        """)
        try temp.write("C/bad.yaml", """
        url: /item
        captures:
          - name: missing
            json: $.nothing
        checks:
          - status: 2xx
          - json: $.id
            equals: 8
        """)
        return temp
    }

    @Test func passingFailingAndSkippedChecks() async throws {
        let server = try FaultServer(routes: ["/item": .respond(status: 200, headers: ["Content-Type: application/json"], body: #"{"id": 7}"#)])
        defer { server.stop() }
        let temp = try collection(server)
        let good = try await CLIRunner.run(["send", "C/good", "--print", "b", "--collections", temp.path])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stderr.contains("✓ 2 checks passed"), "\(good.stderr)")
        // The pipe gets the body alone.
        #expect(good.stdout == "{\"id\": 7}\n" || good.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"id": 7}"#, "\(good.stdout)")

        let bad = try await CLIRunner.run(["send", "C/bad", "--print", "m", "--collections", temp.path])
        #expect(bad.status == 5, "\(bad.stdout)\(bad.stderr)")
        #expect(bad.stderr.contains("✗ 2 of 3 checks failed"), "\(bad.stderr)")
        #expect(bad.stderr.contains("  ✗ $.id equals 8: expected 8, got 7 (actual: 7)"), "\(bad.stderr)")
        #expect(bad.stderr.contains("✗ capture missing"), "a capture that finds nothing fails as in run: \(bad.stderr)")

        let skipped = try await CLIRunner.run(["send", "C/bad", "--print", "m", "--no-checks", "--collections", temp.path])
        #expect(skipped.status == 0 && !skipped.stderr.contains("check"), "\(skipped.stderr)")
    }
}
