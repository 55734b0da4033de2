@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

/// A request's `examples:`: read with their status, headers and body, refused with the place when malformed, kept by
/// saves of other keys, and appended to with the rest of the file left byte for byte.
@Suite("Saved responses in request files (examples:, issue 45)")
struct RequestExamplesTests {
    static let file = """
        # the user, as the API answers it
        name: Get user
        url: /users/{{id}}
        examples:
          # the happy path
          - name: found
            status: 200
            headers:
              Content-Type: application/json
              X-Trace: abc   # kept
            body: |
              {"id": 1}
          - name: yaml body
            status: 201
            body:
              id: 2
              tags: [a, "1"]
              ok: true
              none: null
        # trailing comment

        """

    func loaded(_ text: String) throws -> (TempCollections, CollectionLoadResult) {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", "name: Mini\n")
        try temp.write("Mini/r.yaml", text)
        return (temp, temp.load())
    }

    @Test func examplesAreReadWithStatusHeadersAndBody() throws {
        let (_, result) = try loaded(Self.file)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let request = try #require(result.request("Mini/r"))
        #expect(request.examples.count == 2)
        #expect(request.examples.first == RequestExample(name: "found", status: 200,
                                                         headers: [KeyValue("Content-Type", "application/json"), KeyValue("X-Trace", "abc")],
                                                         body: "{\"id\": 1}\n"))
        #expect(request.examples.last?.body == "{\n  \"id\": 2,\n  \"tags\": [\n    \"a\",\n    \"1\"\n  ],\n  \"ok\": true,\n  \"none\": null\n}")
    }

    @Test(arguments: [
        ("url: /x\nexamples:\n  - body: hi\n", 3, 5, "missing 'status' in an example"),
        ("url: /x\nexamples:\n  - status: 700\n", 3, 13, "expected an example's 'status' to be a status code from 100 to 599, found '700'"),
        ("url: /x\nexamples:\n  - status: ok\n", 3, 13, "expected an example's 'status' to be a status code from 100 to 599, found 'ok'"),
        ("url: /x\nexamples:\n  - status: 200\n    headers:\n      - a\n", 5, 7, "expected 'headers' to be a mapping of keys to values, found a list"),
        ("url: /x\nexamples:\n  - status: 200\n    headers:\n      Bad Name: x\n", 5, 7, "'Bad Name' is not a valid header name (no spaces or colons)"),
        ("url: /x\nexamples: 200\n", 2, 11, "expected 'examples' to be a list (items starting with '- '), found the text '200'"),
    ])
    func aMalformedExampleNamesItsPlace(text: String, line: Int, column: Int, message: String) throws {
        let (_, result) = try loaded(text)
        let problem = try #require(result.problems.first)
        #expect(problem.location.file.hasSuffix("Mini/r.yaml"))
        #expect(problem.location.line == line && problem.location.column == column, "\(problem)")
        #expect(problem.message == message)
        #expect(problem.description.contains("Mini/r.yaml:\(line):\(column): error: "))
    }

    @Test func aSaveOfAnotherKeyLeavesTheExamplesAsWritten() throws {
        let (temp, result) = try loaded(Self.file)
        defer { withExtendedLifetime(temp) {} }
        let saved = try #require(result.request("Mini/r"))
        var edited = saved
        edited.headers = [KeyValue("Accept", "application/json")]
        let text = String(decoding: try CollectionStore.save(edited, over: saved, original: result.loadedFiles[saved.file]), as: UTF8.self)
        #expect(text.contains(Self.file.components(separatedBy: "url: /users/{{id}}\n")[1]), "\(text)")
    }

    @Test func anAddedExampleIsAppendedAndTheRestOfTheFileKeptByteForByte() throws {
        let (temp, result) = try loaded(Self.file)
        let saved = try #require(result.request("Mini/r"))
        var edited = saved
        let added = RequestExample(name: "saved 1", status: 404, headers: [KeyValue("Content-Type", "text/plain")], body: "no\nsuch user")
        edited.examples.append(added)
        let text = String(decoding: try CollectionStore.save(edited, over: saved, original: result.loadedFiles[saved.file]), as: UTF8.self)
        let appended = "  - name: saved 1\n    status: 404\n    headers:\n      Content-Type: text/plain\n    body: |-\n      no\n      such user\n"
        let expected = Self.file.replacingOccurrences(of: "      none: null\n", with: "      none: null\n" + appended)
        #expect(text == expected)
        #expect(temp.load().request("Mini/r")?.examples.last == added)
    }

    @Test func aFileWithoutExamplesGetsTheBlockAtItsEnd() throws {
        let original = "name: Plain\nurl: /x   # the path\n# last words"
        let (temp, result) = try loaded(original)
        let saved = try #require(result.request("Mini/r"))
        var edited = saved
        edited.examples = [RequestExample(status: 204)]
        let text = String(decoding: try CollectionStore.save(edited, over: saved, original: result.loadedFiles[saved.file]), as: UTF8.self)
        #expect(text == original + "\nexamples:\n  - status: 204\n")
        #expect(temp.load().request("Mini/r")?.examples == [RequestExample(status: 204)])
    }
}
