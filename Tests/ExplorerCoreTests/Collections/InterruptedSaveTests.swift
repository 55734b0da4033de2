import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
#if canImport(Glibc)
import Glibc
#endif
@testable import ExplorerWorkspace

@Suite("A save killed at any moment leaves the old or the new file, complete")
struct InterruptedSaveTests {
    /// The file as a save of `set` writes it (the same function the helper uses, on the same starting text).
    func expected(_ set: String) throws -> String {
        let headers = (0..<500).map { KeyValue("X-\(set)-\($0)", String(repeating: set, count: 20)) }
        return try CollectionStore.replacingBlock("headers", with: YAMLText.keyValueBlock("headers", headers),
                                                  in: "url: /stress\n", path: "-", insertBefore: ["body"])
    }

    @Test func sigkillDuringSavesNeverLeavesAPartialFile() async throws {
        // The loop blocks (reads, sleeps, waits for the child), so it runs on a dispatch thread rather than
        // starving the small cooperative pool the other suites' async tests need; it reports what it saw.
        let report = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<KillReport, any Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try self.killSavesRepeatedly(times: 60) })
            }
        }
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.kills == 60)
        // Both contents were seen, so kills landed between and during saves rather than always at one point.
        #expect(report.oldSeen > 0 && report.newSeen > 0, "old \(report.oldSeen), new \(report.newSeen)")
    }

    /// What the kill loop observed.
    struct KillReport {
        var kills = 0
        var oldSeen = 0
        var newSeen = 0
        var failures: [String] = []
    }

    private func killSavesRepeatedly(times: Int) throws -> KillReport {
        let helper = try BuiltProducts.executable(named: "SaveStress")
        let temp = try TempCollections()
        try FileManager.default.createDirectory(atPath: temp.path("C"), withIntermediateDirectories: true)
        let path = temp.path("C/stress.yaml")
        let (old, new) = (try expected("A"), try expected("B"))
        var report = KillReport()
        if old == new || old.utf8.count < 10_000 { report.failures.append("the two contents must differ and take a while to write") }
        try Data(old.utf8).write(to: URL(fileURLWithPath: path))

        for round in 0..<times {
            let process = Process()
            process.executableURL = helper
            process.arguments = [path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Wait until the helper runs, then kill it at a random moment within its first few saves.
            let ready = output.fileHandleForReading.readData(ofLength: 6)
            if ready != Data("ready\n".utf8) { report.failures.append("round \(round): the helper did not start") }
            usleep(UInt32.random(in: 0...300_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { report.kills += 1 }

            let text = try String(contentsOfFile: path, encoding: .utf8)
            if text == old { report.oldSeen += 1 } else if text == new { report.newSeen += 1 } else {
                report.failures.append("round \(round): a partial file after SIGKILL, \(text.utf8.count) bytes")
                return report
            }
            // The loader still reads it as a request with every header.
            var result = CollectionLoadResult()
            let loaded = CollectionLoader(environment: [:]).loadRequest(at: path, slug: "stress", into: &result)
            if loaded?.headers.count != 500 { report.failures.append("round \(round): the file no longer loads whole") }
        }
        return report
    }

    @Test func anOutsideEditBetweenLoadAndSaveIsAConflictAndIsKept() throws {
        let temp = try TempCollections()
        let path = try temp.write("C/r.yaml", "url: /x\n")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        try Data("url: /edited-outside\n".utf8).write(to: URL(fileURLWithPath: path))
        let request = RequestSpec(name: "r", slug: "r", url: "/x", file: path)
        do {
            try CollectionStore.saveHeaders([KeyValue("X-New", "1")], of: request, original: original)
            Issue.record("expected a conflict")
        } catch {
            guard case .conflict = error else { Issue.record("\(error)"); return }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "url: /edited-outside\n")
    }
}
