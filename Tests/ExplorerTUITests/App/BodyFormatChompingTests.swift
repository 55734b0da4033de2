import ExplorerCore
@testable import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

/// Issue 40, item 2: `f` pretty-prints a JSON body without taking away its final line break, so a file's
/// `content: |` is not saved back as `content: |-`.
@Suite("Formatting a JSON body keeps its final line break")
struct BodyFormatChompingTests {
    /// The body of Create after `f` on its Body tab, when it was `body`.
    func formatted(_ body: String) -> BodySpec? {
        var collection = Fixtures.collection
        collection.root.folders[0].requests[1].body = .json(body)
        var model = ExplorerModel(collections: [collection])
        model.screen.width = 100
        model.screen.height = 30
        Fixtures.press([.character("j"), .right, .down, .down, .tab], &model)
        model.requestEditor.tab = .body
        Fixtures.press([.character("f")], &model)
        return model.requestEditor.drafts["Demo/users/create"]?.edited?.body
    }

    @Test func aBodyEndingInALineBreakStillEndsInOneAfterF() {
        #expect(formatted("{\"a\": 1}\n") == .json("{\n  \"a\": 1\n}\n"))
        // A body without one is not given one.
        #expect(formatted("{\"a\": 1}") == .json("{\n  \"a\": 1\n}"))
    }
}
