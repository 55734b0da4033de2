import ExplorerCore
import Foundation
import Testing
@testable import ExplorerTUI

/// Issue 40, item 18: a form's error goes when the form is cancelled, and a long status wraps between words.
@Suite("Status text: gone with its dialog, wrapped between words")
struct StaleStatusTests {
    @Test func aFormsErrorLineGoesWithTheFormOnEsc() {
        var model = Fixtures.model(width: 100, height: 30)
        // n on a folder asks for a request's name; Enter with none keeps the form and says why, "Esc cancels".
        Fixtures.press([.character("j"), .character("n")], &model)
        guard model.modal?.dialog != nil else { Issue.record("expected the new-request form"); return }
        model.status = "Name: the message needs a name. Esc cancels."
        Fixtures.press([.escape], &model)
        #expect(model.modal == nil)
        #expect(model.status == nil, "\(model.status ?? "")")
        #expect(!ExplorerView.render(model).lines.contains { $0.contains("Esc cancels") })
    }

    @Test func aLongStatusWrapsBetweenWordsAndAPathAtTheEdge() {
        // 39 columns cut this message as "… Esc can" and "cels." when rows broke at the edge.
        var buffer = CellBuffer(width: 39, height: 3)
        let bar = Rect(x: 0, y: 2, width: 39, height: 1)
        #expect(ExplorerView.wrappedStatus("Name: the message needs a name. Esc cancels.", bar: bar, &buffer))
        #expect(buffer.lines[1].trimmingCharacters(in: .whitespaces) == "Name: the message needs a name. Esc", "\(buffer.lines)")
        #expect(buffer.lines[2].trimmingCharacters(in: .whitespaces) == "cancels.", "\(buffer.lines)")
        // A path has no space late in the row: it breaks at the edge, so it is not pushed off the two rows.
        var path = CellBuffer(width: 30, height: 3)
        let narrow = Rect(x: 0, y: 2, width: 30, height: 1)
        #expect(ExplorerView.wrappedStatus("Saved to /tmp/a/very/long/path/without/any/spaces.json", bar: narrow, &path))
        #expect(path.lines[1] == "Saved to /tmp/a/very/long/path", "\(path.lines)")
        #expect(path.lines[2].hasPrefix("/without/any/spaces.json"), "\(path.lines)")
    }
}
