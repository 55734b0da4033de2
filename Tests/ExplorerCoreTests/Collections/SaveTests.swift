@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Saving edited headers back to request files")
struct SaveTests {
    static let original = """
    # A request with comments that must survive.
    name: Get user   # trailing comment
    method: GET
    url: /users/1

    # The headers we send:
    headers:
      - name: Accept
        value: application/json
      - name: X-Old
        value: old
        enabled: false

    # Body below.
    body:
      type: json
      content: '{}'
    timeout: 5

    """

    func setUp(_ text: String) throws -> (TempCollections, CollectionLoadResult, RequestSpec) {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/r.yaml", text)
        let result = temp.load()
        let request = try #require(result.request("Mini/r"))
        return (temp, result, request)
    }

    func save(_ headers: [KeyValue], _ request: RequestSpec, _ original: Data?) throws -> Data? {
        do { return try CollectionStore.saveHeaders(headers, of: request, original: original) } catch {
            Issue.record("\(error)")
            return nil
        }
    }

    @Test func aRoundTripRewritesOnlyTheHeadersBlock() throws {
        let (temp, result, request) = try setUp(Self.original)
        let headers = [KeyValue("Accept", "text/plain"), KeyValue("X-New", "a: \"quoted\" {{v}}"), KeyValue("X-Off", "true", enabled: false)]
        let written = try save(headers, request, result.loadedFiles[request.file])
        let onDisk = try #require(FileManager.default.contents(atPath: request.file))
        #expect(written == onDisk)
        let text = String(decoding: onDisk, as: UTF8.self)
        #expect(text == """
        # A request with comments that must survive.
        name: Get user   # trailing comment
        method: GET
        url: /users/1

        # The headers we send:
        headers:
          - name: Accept
            value: text/plain
          - name: X-New
            value: "a: \\"quoted\\" {{v}}"
          - name: X-Off
            value: "true"
            enabled: false

        # Body below.
        body:
          type: json
          content: '{}'
        timeout: 5

        """)
        let reloaded = temp.load()
        #expect(reloaded.problems.isEmpty)
        let again = try #require(reloaded.request("Mini/r"))
        #expect(again.headers == headers)
        var expected = request
        expected.headers = headers
        #expect(again == expected, "everything but the headers is unchanged")
    }

    @Test func savingTheSameHeadersIsByteIdenticalApartFromFormatting() throws {
        let text = "name: r\nurl: /x\nheaders:\n  - name: A\n    value: b\n  - name: C\n    value: d\n    enabled: false\ntimeout: 1\n"
        let (temp, result, request) = try setUp(text)
        _ = try save(request.headers, request, result.loadedFiles[request.file])
        #expect(String(decoding: FileManager.default.contents(atPath: request.file) ?? Data(), as: UTF8.self) == text)
        withExtendedLifetime(temp) {}
    }

    @Test func aHeadersBlockIsInsertedBeforeTheBodyWhenThereWasNone() throws {
        let (temp, result, request) = try setUp("name: r\nurl: /x\n# the body\nbody:\n  type: text\n  content: hi\n")
        _ = try save([KeyValue("X-A", "1")], request, result.loadedFiles[request.file])
        let text = String(decoding: FileManager.default.contents(atPath: request.file) ?? Data(), as: UTF8.self)
        #expect(text == "name: r\nurl: /x\nheaders:\n  - name: X-A\n    value: \"1\"\n# the body\nbody:\n  type: text\n  content: hi\n")
        #expect(temp.load().request("Mini/r")?.headers == [KeyValue("X-A", "1")])
    }

    @Test func aHeadersBlockIsAppendedWhenNothingFollows() throws {
        let (temp, result, request) = try setUp("url: /x\n\n\n")
        _ = try save([KeyValue("X-A", "b")], request, result.loadedFiles[request.file])
        #expect(String(decoding: FileManager.default.contents(atPath: request.file) ?? Data(), as: UTF8.self)
                    == "url: /x\nheaders:\n  - name: X-A\n    value: b\n")
        #expect(temp.load().request("Mini/r")?.headers == [KeyValue("X-A", "b")])
    }

    @Test func removingEveryHeaderWritesAnEmptyList() throws {
        let (temp, result, request) = try setUp("url: /x\nheaders:\n  - name: A\n    value: b\ntimeout: 1\n")
        _ = try save([], request, result.loadedFiles[request.file])
        #expect(String(decoding: FileManager.default.contents(atPath: request.file) ?? Data(), as: UTF8.self) == "url: /x\nheaders: []\ntimeout: 1\n")
        #expect(temp.load().request("Mini/r")?.headers == [])
    }

    @Test func aFileChangedOnDiskIsAConflictAndIsLeftAlone() throws {
        let (temp, result, request) = try setUp(Self.original)
        let changed = Self.original.replacingOccurrences(of: "/users/1", with: "/users/2")
        try temp.write("Mini/r.yaml", changed)
        do {
            try CollectionStore.saveHeaders([KeyValue("A", "b")], of: request, original: result.loadedFiles[request.file])
            Issue.record("expected a conflict")
        } catch {
            #expect(error == .conflict(path: request.file))
            #expect(error.description.hasPrefix("Not saved: \(request.file) changed on disk since it was loaded."))
        }
        #expect(FileManager.default.contents(atPath: request.file) == Data(changed.utf8))
    }

    @Test func aDeletedFileIsNotRecreated() throws {
        let (temp, result, request) = try setUp("url: /x\n")
        defer { withExtendedLifetime(temp) {} }
        try FileManager.default.removeItem(atPath: request.file)
        do {
            try CollectionStore.saveHeaders([], of: request, original: result.loadedFiles[request.file])
            Issue.record("expected an error")
        } catch {
            #expect(error == .unreadable(path: request.file, reason: "the file no longer exists"))
        }
        #expect(!FileManager.default.fileExists(atPath: request.file))
    }

    @Test func jsonRequestFilesAreNotRewritten() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        let json = #"{"url": "/x", "headers": []}"#
        try temp.write("Mini/j.json", json)
        let result = temp.load()
        let request = try #require(result.request("Mini/j"))
        do {
            try CollectionStore.saveHeaders([KeyValue("A", "b")], of: request, original: result.loadedFiles[request.file])
            Issue.record("expected an error")
        } catch {
            guard case .unreadable = error else { Issue.record("\(error)"); return }
        }
        #expect(FileManager.default.contents(atPath: request.file) == Data(json.utf8))
    }

    @Test func theWriteIsAtomicAndKeepsPermissions() throws {
        let (temp, result, request) = try setUp(Self.original)
        chmod(request.file, 0o600)
        _ = try save([KeyValue("A", "b")], request, result.loadedFiles[request.file])
        let names = try FileManager.default.contentsOfDirectory(atPath: temp.path("Mini")).sorted()
        #expect(names == ["collection.yaml", "r.yaml"], "no temporary files are left behind")
        var info = stat()
        #expect(stat(request.file, &info) == 0 && info.st_mode & 0o7777 == 0o600)
        #expect(temp.load().request("Mini/r")?.headers == [KeyValue("A", "b")])
    }

    @Test func savingThroughASymlinkKeepsTheLink() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        // Inside the collection: a link that leads out of it is not loaded.
        let target = try temp.write("Mini/_shared/r.yaml", "url: /x\n")
        try FileManager.default.createSymbolicLink(atPath: temp.path("Mini/r.yaml"), withDestinationPath: target)
        let result = temp.load()
        let request = try #require(result.request("Mini/r"))
        _ = try save([KeyValue("A", "b")], request, result.loadedFiles[request.file])
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: temp.path("Mini/r.yaml"))) == target)
        #expect(String(decoding: FileManager.default.contents(atPath: target) ?? Data(), as: UTF8.self).contains("name: A"))
    }

    @Test func aFailedWriteLeavesTheOldFile() throws {
        do {
            try AtomicFileWriter.write(Data("x".utf8), to: "/nonexistent-\(UUID().uuidString)/f.yaml")
            Issue.record("expected an error")
        } catch {
            guard case .writeFailed = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func scalarsAreQuotedOnlyWhenNeeded() {
        #expect(YAMLText.scalar("application/json") == "application/json")
        #expect(YAMLText.scalar("true") == "\"true\"" && YAMLText.scalar("1") == "\"1\"" && YAMLText.scalar("") == "\"\"")
        #expect(YAMLText.scalar("a\u{1B}b\n") == "\"a\\x1Bb\\n\"")
        #expect(YAMLText.scalar("#x") == "\"#x\"" && YAMLText.scalar("a: b") == "\"a: b\"")
    }
}
