import Foundation
import Testing
import TestSupport

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
