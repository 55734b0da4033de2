@testable import ExplorerWorkspace
import Foundation
import Testing

/// A parsed file is kept while it is unchanged and parsed again once it changes.
@Suite("Documents parsed once per change")
struct DocumentCacheTests {
    @Test func aFileIsParsedAgainOnlyWhenItChanges() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doc-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("spec.json").path
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        let cache = DocumentCache()
        var parses = 0
        func read() -> String? {
            cache.document(at: path) { (data: Data) -> String in
                parses += 1
                return String(decoding: data, as: UTF8.self)
            }
        }
        #expect(read() == "one" && read() == "one")
        #expect(parses == 1)
        try Data("three".utf8).write(to: URL(fileURLWithPath: path))
        #expect(read() == "three")
        #expect(parses == 2)
        #expect(cache.document(at: directory.appendingPathComponent("missing").path) { (data: Data) -> String in "x" } == nil)
    }
}
