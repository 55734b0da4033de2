@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Writing imported collections")
struct CollectionWriterTests {
    func curl(_ name: String = "Mine") throws -> ImportResult {
        try CurlImporter.importCommand("curl https://x.test/a -H 'X-A: 1'").renamed(name)
    }

    func entries(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    @Test func anExistingCollectionIsRefusedAndLeftAlone() throws {
        let temp = try TempCollections()
        try temp.write("mine/collection.yaml", "name: Mine\n")
        try temp.write("mine/keep.yaml", "url: /keep\n")
        #expect(throws: CollectionWriteError.exists(path: temp.root + "/mine")) {
            try CollectionWriter.write(try curl(), into: temp.root, force: false)
        }
        #expect(entries(temp.root + "/mine") == ["collection.yaml", "keep.yaml"])
        #expect(entries(temp.root) == ["mine"])
    }

    @Test func forceReplacesTheCollectionWholeButKeepsItsSecrets() throws {
        let temp = try TempCollections()
        try temp.write("mine/collection.yaml", "name: Mine\n")
        try temp.write("mine/old.yaml", "url: /old\n")
        try temp.write("mine/secrets.local.yaml", "local:\n  token: t\n")
        let summary = try CollectionWriter.write(try curl(), into: temp.root, force: true)
        #expect(summary.replacedExisting && summary.keptOldSecrets)
        #expect(entries(temp.root) == ["mine"])
        #expect(entries(temp.root + "/mine") == [".gitignore", "collection.yaml", "get-a.yaml", "secrets.local.yaml"])
        #expect(try String(contentsOfFile: temp.root + "/mine/secrets.local.yaml", encoding: .utf8) == "local:\n  token: t\n")
        #expect(try FileManager.default.attributesOfItem(atPath: temp.root + "/mine/secrets.local.yaml")[.posixPermissions] as? Int == 0o600)
    }

    @Test func everyImportedCollectionAndTheBundledOnesIgnoreEditorCopies() throws {
        let temp = try TempCollections()
        _ = try CollectionWriter.write(try curl(), into: temp.root, force: false)
        let ignore = try String(contentsOfFile: temp.root + "/mine/.gitignore", encoding: .utf8)
        #expect(ignore.split(separator: "\n").contains("*.edit") && ignore.split(separator: "\n").contains("*.local.yaml"))
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let bundled = try String(contentsOf: repository.appendingPathComponent("Collections/.gitignore"), encoding: .utf8)
        #expect(bundled.split(separator: "\n").contains("*.edit"))
    }

    @Test func aFailureHalfwayLeavesNothingBehind() throws {
        let temp = try TempCollections()
        let destination = temp.root + "/new"
        // The second entry needs `collection.yaml` to be a directory, so writing fails after the first file.
        let entries: [(path: String, data: Data)] = [("collection.yaml", Data("name: New\n".utf8)), ("collection.yaml/x.yaml", Data())]
        #expect(throws: CollectionWriteError.self) { try CollectionWriter.install(entries, at: destination, replacing: false) }
        #expect(self.entries(temp.root).isEmpty)
    }

    @Test func aFailedReplacementKeepsTheOldCollection() throws {
        let temp = try TempCollections()
        try temp.write("old/collection.yaml", "name: Old\n")
        let entries: [(path: String, data: Data)] = [("collection.yaml", Data("name: New\n".utf8)), ("collection.yaml/x.yaml", Data())]
        #expect(throws: CollectionWriteError.self) { try CollectionWriter.install(entries, at: temp.root + "/old", replacing: true) }
        #expect(self.entries(temp.root) == ["old"])
        #expect(try String(contentsOfFile: temp.root + "/old/collection.yaml", encoding: .utf8) == "name: Old\n")
    }

    @Test func slugsAreMadeUniqueAndReservedNamesAvoided() throws {
        let root = FolderSpec(name: "Dupes", slug: "dupes", folders: [FolderSpec(name: "Users", slug: "users")], requests: [
            RequestSpec(name: "Users", slug: "users", url: "/a"), RequestSpec(name: "folder", slug: "folder", url: "/b"),
            RequestSpec(name: "Users!", slug: "users", url: "/c"),
        ])
        let planned = CollectionWriter.plan(CollectionSpec(root: root, environments: []), in: "/c")
        #expect(planned.root.folders.map(\.slug) == ["users"])
        // The source's order is kept, and written down because it is not the name order.
        #expect(planned.root.requests.map(\.slug) == ["users-2", "folder-1", "users-3"])
        #expect(planned.root.requests.map(\.file) == ["/c/dupes/users-2.yaml", "/c/dupes/folder-1.yaml", "/c/dupes/users-3.yaml"])
        #expect(planned.root.order == ["users", "users-2", "folder-1", "users-3"])
    }

    @Test func valuesThatLookLikeOtherYAMLTypesReadBackAsText() throws {
        let temp = try TempCollections()
        let odd = ["true", "null", "", "1.0", "~", "- dash", "#hash", "a: b", "{{x}}", "'quoted'", " lead", "trail ", "ünï 漢字", "tab\there",
                   "line\nbreak\n", "\u{1B}[31m"]
        let request = RequestSpec(name: "Odd", slug: "odd", method: "POST", url: "https://x.test/{{id}}",
                                  headers: odd.enumerated().map { KeyValue("X-\($0.offset)", $0.element) },
                                  body: .text(odd.joined(separator: "\n"), contentType: "text/x-odd"))
        let result = ImportResult(collection: CollectionSpec(root: FolderSpec(name: "Odd", slug: "odd", requests: [request]), environments: []))
        let trip = try ImportFixtures.roundTrip(result, root: temp.root)
        #expect(trip.problems.isEmpty, "\(trip.problems)")
        #expect(trip.loaded == trip.written)
        let text = try String(contentsOfFile: temp.root + "/odd/odd.yaml", encoding: .utf8)
        #expect(text.contains("ünï 漢字"))
    }

    @Test func headerEditsSaveIntoImportedFiles() throws {
        let temp = try TempCollections()
        let result = try CurlImporter.importCommand("curl https://x.test/a -H 'X-A: 1' -d 'k=v'").renamed("Edit")
        let summary = try CollectionWriter.write(result, into: temp.root, force: false)
        let request = try #require(summary.collection.root.requests.first)
        let headers = [KeyValue("X-A", "2"), KeyValue("X-B", "new", enabled: false)]
        try CollectionStore.saveHeaders(headers, of: request, original: FileManager.default.contents(atPath: request.file))
        let loaded = CollectionLoader(environment: [:]).load(directory: temp.root)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        var expected = request
        expected.headers = headers
        #expect(loaded.collections.first?.root.requests.first == expected)
    }

    @Test func addingARequestToAnExistingFolderNeverOverwrites() throws {
        let temp = try TempCollections()
        try temp.write("c/collection.yaml", "name: C\n")
        try temp.write("c/get-a.yaml", "url: /existing\n")
        let folder = FolderSpec(name: "C", slug: "c", directory: temp.root + "/c")
        let request = try #require(try CurlImporter.request(from: "curl https://x.test/a").request as RequestSpec?)
        let written = try CollectionWriter.add(request, to: folder)
        #expect(written.slug == "get-a-2")
        #expect(try String(contentsOfFile: temp.root + "/c/get-a.yaml", encoding: .utf8) == "url: /existing\n")
        let loaded = CollectionLoader(environment: [:]).load(directory: temp.root)
        #expect(loaded.collections.first?.root.requests.first { $0.slug == "get-a-2" } == written)
    }
}
