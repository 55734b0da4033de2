import ExplorerCore
import Foundation
import Testing
@testable import ExplorerTUI

/// Issue 40, item 2: `f` pretty-prints a JSON body without taking away its final line break, so a file's
/// `content: |` is not saved back as `content: |-`.
@Suite("Formatting a JSON body keeps its final line break")
struct BodyFormatChompingTests {
    @Test func aBodyEndingInALineBreakStillEndsInOneAfterF() {
        var collection = Fixtures.collection
        collection.root.folders[0].requests[1].body = .json("{\"a\": 1}\n")
        var model = ExplorerModel(collections: [collection])
        model.screen.width = 100
        model.screen.height = 30
        Fixtures.press([.character("j"), .right, .down, .down, .tab], &model)
        model.requestEditor.tab = .body
        Fixtures.press([.character("f")], &model)
        #expect(model.requestEditor.drafts["Demo/users/create"]?.edited?.body == .json("{\n  \"a\": 1\n}\n"))
        // A body without one is not given one.
        collection.root.folders[0].requests[1].body = .json("{\"a\": 1}")
        var bare = ExplorerModel(collections: [collection])
        bare.screen.width = 100
        bare.screen.height = 30
        Fixtures.press([.character("j"), .right, .down, .down, .tab], &bare)
        bare.requestEditor.tab = .body
        Fixtures.press([.character("f")], &bare)
        #expect(bare.requestEditor.drafts["Demo/users/create"]?.edited?.body == .json("{\n  \"a\": 1\n}"))
    }
}
