import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

@Suite("A status message too long for the bottom bar wraps onto the row above it, or offers ! to read it all")
struct LongStatusTests {
    @Test func aLongMessageWrapsOntoTheRowAboveTheBar() {
        var model = Fixtures.model()
        _ = model.update(.reported(.notSaved(reason: "Pasted text ignored here (11 characters): paste into a field (u edits the URL, a adds a row, i edits the body).")))
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "status_wrapped_80x24")
        let lines = buffer.lines
        #expect(lines[22].hasPrefix("Pasted text ignored here"))
        #expect(lines[23].contains("i edits the body)."))
    }

    @Test func aMessageLongerThanTwoRowsOffersTheLog() {
        var model = Fixtures.model(width: 60, height: 16)
        _ = model.update(.reported(.notSaved(reason: StatusLogTests.long)))
        let lines = ExplorerView.render(model).lines
        #expect(lines[14].hasPrefix("Not applied: /tmp/shop/orders/create.yaml is invalid"))
        #expect(lines[15].trimmingCharacters(in: .whitespaces).hasSuffix("… ! shows all"))
        // A short one stays on the bar, the panes' border above it untouched.
        _ = model.update(.reported(.notSaved(reason: "Saved")))
        #expect(ExplorerView.render(model).lines[14].hasPrefix("└"))
    }
}
