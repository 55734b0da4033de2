@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Saving whole edited requests: only changed keys are rewritten, and the loader reads back what was written")
struct RequestSaveTests {
    static let original = """
    # Orders: comments, an unknown key and blank lines must survive every save.
    name: List orders   # shown in the tree
    method: GET
    url: /orders
    x-owner: team-a

    # Sent with every call:
    headers:
      - name: Accept
        value: application/json

    # Slow endpoint.
    timeout: 5

    """

    func setUp(_ text: String = RequestSaveTests.original) throws -> (TempCollections, Data, RequestSpec) {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        let path = try temp.write("Mini/r.yaml", text)
        let result = temp.load()
        let request = try #require(result.request("Mini/r"))
        return (temp, try #require(FileManager.default.contents(atPath: path)), request)
    }

    /// Saves `edit` applied to the loaded request and returns the file text and the request loaded back.
    func save(_ edit: (inout RequestSpec) -> Void, text: String = RequestSaveTests.original) throws -> (String, RequestSpec, RequestSpec) {
        let (temp, bytes, request) = try setUp(text)
        var edited = request
        edit(&edited)
        let written = try CollectionStore.save(edited, over: request, original: bytes)
        let onDisk = try #require(FileManager.default.contents(atPath: request.file))
        #expect(written == onDisk)
        let reloaded = try #require(temp.load().request("Mini/r"))
        return (String(decoding: onDisk, as: UTF8.self), edited, reloaded)
    }

    @Test func aMethodAndURLChangeRewritesThoseTwoLinesOnly() throws {
        let (text, edited, reloaded) = try save { $0.method = "PATCH"; $0.url = "/orders/{{id}}?x=1" }
        #expect(text == Self.original.replacingOccurrences(of: "method: GET", with: "method: PATCH")
            .replacingOccurrences(of: "url: /orders", with: "url: \"/orders/{{id}}?x=1\""))
        #expect(reloaded == edited)
    }

    @Test func aNewQueryBlockGoesBeforeTheHeadersAndItsCommentsStayWithThem() throws {
        let (text, edited, reloaded) = try save { $0.query = [KeyValue("page", "2"), KeyValue("q", "a b & c", enabled: false)] }
        #expect(text == """
        # Orders: comments, an unknown key and blank lines must survive every save.
        name: List orders   # shown in the tree
        method: GET
        url: /orders
        x-owner: team-a

        query:
          - name: page
            value: "2"
          - name: q
            value: "a b & c"
            enabled: false
        # Sent with every call:
        headers:
          - name: Accept
            value: application/json

        # Slow endpoint.
        timeout: 5

        """)
        #expect(reloaded == edited)
    }

    @Test func aJSONBodyIsWrittenAsALiteralBlockAndReadsBackExactly() throws {
        let json = "{\n  \"name\": \"Ada\",\n  \"price\": 1.10,\n  \"id\": {{id}}\n}"
        let (text, edited, reloaded) = try save { $0.method = "POST"; $0.body = .json(json) }
        #expect(text.contains("""
        body:
          type: json
          content: |-
            {
              "name": "Ada",
              "price": 1.10,
              "id": {{id}}
            }
        # Slow endpoint.
        timeout: 5
        """))
        #expect(reloaded == edited)
    }

    @Test func awkwardTextReadsBackExactly() throws {
        let samples = ["  leading spaces\nsecond", "trailing newline\n", "two trailing\n\n", "tab\tand \"quotes\" and: colon",
                       "yes", "0012", "", "# not a comment", "日本語 🚀", "line\r\nwith CR", "ctrl \u{1} \u{7F} \u{85}", "   \n  \n"]
        for sample in samples {
            let name = sample.isEmpty ? "n" : sample
            let (_, edited, reloaded) = try save { request in
                request.body = .text(sample, contentType: "text/plain")
                request.headers = [KeyValue("X-Odd", sample.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " "))]
                request.query = [KeyValue(name, sample)]
                request.auth = .basic(username: name, password: sample)
                request.name = name
            }
            #expect(reloaded == edited, "round trip of \(sample.debugDescription)")
        }
    }

    @Test func formMultipartFileAuthAndOptionsRoundTrip() throws {
        let bodies: [BodySpec] = [
            .form([KeyValue("a", "1"), KeyValue("b", "two\nlines", enabled: false)]),
            .multipart([MultipartField(name: "note", value: "hi"), MultipartField(name: "file", file: "_files/a.json", contentType: "application/json", enabled: false)]),
            .file(path: "../_files/sample.json", contentType: "application/json"),
            .multipart([]),
        ]
        for body in bodies {
            let (_, edited, reloaded) = try save { $0.body = body }
            #expect(reloaded == edited)
        }
        let auths: [AuthSpec] = [.none, .bearer(token: "{{token}}"), .apiKey(name: "X-Key", value: "k", inQuery: true), .basic(username: "u", password: "")]
        for auth in auths {
            let (_, edited, reloaded) = try save { $0.auth = auth }
            #expect(reloaded == edited)
        }
        let (text, edited, reloaded) = try save { $0.timeout = 2.5; $0.followRedirects = false; $0.verifyTLS = true; $0.omittedHeaders = ["User-Agent"] }
        #expect(text.hasSuffix("# Slow endpoint.\ntimeout: 2.5\nfollowRedirects: false\nverifyTLS: true\nomitHeaders:\n  - User-Agent\n"))
        #expect(reloaded == edited)
    }

    @Test func removingABodyAuthOrTimeoutRemovesItsKeyAndNothingElse() throws {
        let withBody = Self.original + "body:\n  type: text\n  content: hi\nauth:\n  type: bearer\n  token: t\n"
        let (text, edited, reloaded) = try save({ $0.body = .none; $0.auth = .inherit; $0.timeout = nil }, text: withBody)
        #expect(text == """
        # Orders: comments, an unknown key and blank lines must survive every save.
        name: List orders   # shown in the tree
        method: GET
        url: /orders
        x-owner: team-a

        # Sent with every call:
        headers:
          - name: Accept
            value: application/json

        # Slow endpoint.

        """)
        #expect(reloaded == edited)
    }

    @Test func aFileChangedOnDiskIsNotOverwritten() throws {
        let (temp, bytes, request) = try setUp()
        defer { withExtendedLifetime(temp) {} }
        try Data((Self.original + "# outside\n").utf8).write(to: URL(fileURLWithPath: request.file))
        var edited = request
        edited.method = "DELETE"
        #expect(throws: SaveError.conflict(path: request.file)) { try CollectionStore.save(edited, over: request, original: bytes) }
        #expect(String(decoding: try #require(FileManager.default.contents(atPath: request.file)), as: UTF8.self).hasSuffix("# outside\n"))
    }

    @Test func changedKeysListOnlyWhatDiffers() {
        let base = RequestSpec(name: "a", slug: "a", url: "/a")
        var other = base
        other.url = "/b"
        other.body = .json("{}")
        other.omittedHeaders = ["Accept"]
        #expect(other.changedKeys(from: base) == ["url", "body", "omitHeaders"])
        #expect(base.changedKeys(from: base).isEmpty)
    }
}
