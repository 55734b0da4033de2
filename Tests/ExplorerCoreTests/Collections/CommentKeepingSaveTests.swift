@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

/// A save rewrites a changed list or body without losing its comments: an item's inline comment, a comment line
/// above an item, and a block scalar's style and chomping; a block scalar's `#` lines stay text.
@Suite("Saving keeps comments inside a changed key")
struct CommentKeepingSaveTests {
    static let file = """
        name: Traced
        url: /x
        headers:
          # the trace header
          - name: X-Trace   # trace id
            value: "1"
          - name: Accept
            value: application/json
        body:
          type: text
          content: |
            # a heading in the text, not a comment
            line two

        """

    @Test func anAddedHeaderKeepsTheOthersComments() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", "name: Mini\n")
        try temp.write("Mini/r.yaml", Self.file)
        let result = temp.load()
        let saved = try #require(result.request("Mini/r"))
        var edited = saved
        edited.headers.append(KeyValue("X-New", "2"))
        let data = try CollectionStore.save(edited, over: saved, original: result.loadedFiles[saved.file])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("headers:\n  # the trace header\n  - name: X-Trace   # trace id\n    value: \"1\"\n"), "\(text)")
        #expect(text.contains("  - name: X-New\n    value: \"2\"\n"), "\(text)")
        #expect(text.hasSuffix("body:\n  type: text\n  content: |\n    # a heading in the text, not a comment\n    line two\n"), "\(text)")
        #expect(temp.load().request("Mini/r")?.headers.map(\.name) == ["X-Trace", "Accept", "X-New"])
    }

    @Test func aChangedBlockScalarKeepsItsChompingAndItsHashLines() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", "name: Mini\n")
        try temp.write("Mini/r.yaml", Self.file)
        let result = temp.load()
        let saved = try #require(result.request("Mini/r"))
        #expect(saved.body == .text("# a heading in the text, not a comment\nline two\n", contentType: nil))
        var edited = saved
        edited.body = .text("# a heading in the text, not a comment\nline three\n", contentType: nil)
        let text = String(decoding: try CollectionStore.save(edited, over: saved, original: result.loadedFiles[saved.file]), as: UTF8.self)
        #expect(text.contains("  content: |\n    # a heading in the text, not a comment\n    line three\n"), "\(text)")
        #expect(text.components(separatedBy: "# a heading").count == 2, "the heading is written once: \(text)")
        #expect(temp.load().request("Mini/r")?.body == edited.body)
    }

    @Test func aPrettyPrintedJSONBodyEndingInALineBreakKeepsItsClipChomping() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", "name: Mini\n")
        try temp.write("Mini/r.yaml", "name: J\nmethod: POST\nurl: /x\nbody:\n  type: json\n  content: |\n    {\"a\": 1}\n")
        let result = temp.load()
        let saved = try #require(result.request("Mini/r"))
        #expect(saved.body == .json("{\"a\": 1}\n"))
        var edited = saved
        edited.body = .json("{\n  \"a\": 1\n}\n")
        let text = String(decoding: try CollectionStore.save(edited, over: saved, original: result.loadedFiles[saved.file]), as: UTF8.self)
        #expect(text.hasSuffix("  content: |\n    {\n      \"a\": 1\n    }\n"), "\(text)")
    }

    @Test func aCommentMarkInsideQuotesIsText() {
        #expect(YAMLComments.split("  value: \"a # b\"  # why").comment == "  # why")
        #expect(YAMLComments.split("  value: a#b").comment == nil)
    }
}
