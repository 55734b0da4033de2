import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
#if canImport(Glibc)
import Glibc
#endif

@Suite("A save killed at any moment leaves the old or the new file, complete")
struct InterruptedSaveTests {
    /// The file as a save of `set` writes it (the same function the helper uses, on the same starting text).
    func expected(_ set: String) throws -> String {
        let headers = (0..<500).map { KeyValue("X-\(set)-\($0)", String(repeating: set, count: 20)) }
        return try CollectionStore.replacingBlock("headers", with: YAMLText.keyValueBlock("headers", headers),
                                                  in: "url: /stress\n", path: "-", insertBefore: ["body"])
    }

    @Test func sigkillDuringSavesNeverLeavesAPartialFile() throws {
        let helper = try BuiltProducts.executable(named: "SaveStress")
        let temp = try TempCollections()
        try FileManager.default.createDirectory(atPath: temp.path("C"), withIntermediateDirectories: true)
        let path = temp.path("C/stress.yaml")
        let (old, new) = (try expected("A"), try expected("B"))
        #expect(old != new && old.utf8.count > 10_000)
        try Data(old.utf8).write(to: URL(fileURLWithPath: path))

        var outcomes: [String: Int] = ["A": 0, "B": 0]
        for _ in 0..<60 {
            let process = Process()
            process.executableURL = helper
            process.arguments = [path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Wait until the helper runs, then kill it at a random moment within its first few saves.
            let ready = output.fileHandleForReading.readData(ofLength: 6)
            #expect(String(decoding: ready, as: UTF8.self) == "ready\n")
            usleep(UInt32.random(in: 0...300_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)

            let text = try String(contentsOfFile: path, encoding: .utf8)
            if text == old { outcomes["A", default: 0] += 1 } else if text == new { outcomes["B", default: 0] += 1 } else {
                Issue.record("a partial file after SIGKILL: \(text.utf8.count) bytes")
                return
            }
            // The loader still reads it as a request with every header.
            var result = CollectionLoadResult()
            let loaded = CollectionLoader(environment: [:]).loadRequest(at: path, slug: "stress", into: &result)
            #expect(loaded?.headers.count == 500)
        }
        // Both contents were seen, so kills landed between and during saves rather than always at one point.
        #expect(outcomes["A", default: 0] > 0 && outcomes["B", default: 0] > 0, "\(outcomes)")
        // A killed save can leave its hidden temporary file behind; the loader skips dot files, so it is only litter.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temp.path("C")).filter { $0.hasPrefix(".stress.yaml.tmp-") }
        #expect(leftovers.count <= 60)
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
