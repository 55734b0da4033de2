@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("The JSONPath of the value on a line of a pretty-printed body")
struct JSONLinePathTests {
    private let body = #"{"user":{"id":7,"name":"Ada"},"items":[{"id":1},{"id":2,"tags":[]}],"weird key":true}"#

    @Test func eachLineNamesItsValue() {
        let lines = BodyDocument(Data(body.utf8), contentType: "application/json").allLines
        #expect(lines.count == 16)
        let expected: [Int: (String, String)?] = [
            0: ("$", "value"), 2: ("$.user.id", "id"), 3: ("$.user.name", "name"), 4: nil, 5: ("$.items", "items"),
            6: ("$.items[0]", "items"), 7: ("$.items[0].id", "id"), 10: ("$.items[1].id", "id"), 11: ("$.items[1].tags", "tags"),
            14: ("$[\"weird key\"]", "weird key"),
        ]
        for (line, want) in expected {
            let found = JSONLinePath.path(at: line, in: lines)
            #expect(found?.path == want?.0 && found?.name == want?.1, "line \(line): \(lines[line].text)")
        }
    }

    @Test func thePathSelectsTheValueOnItsLine() throws {
        let lines = BodyDocument(Data(body.utf8), contentType: "application/json").allLines
        let path = try #require(JSONLinePath.path(at: 10, in: lines)?.path)
        let selected = try JSONPath(path).select(in: Data(body.utf8))
        #expect(selected.map(\.value) == ["2"])
    }
}
