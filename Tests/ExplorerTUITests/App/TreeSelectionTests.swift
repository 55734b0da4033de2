import ExplorerCore
import Testing
@testable import ExplorerTUI

/// Issue 41: what the tree selects after a change is a value; a select text ending in `/` meant "the new item".
@Suite("TreeSelection: an item by key, or the new one in a folder")
struct TreeSelectionTests {
    @Test func theNewItemIsFoundByTheSlugItsFileGot() {
        #expect(TreeSelection.newIn("Demo/users").key(slug: "create-2") == "Demo/users/create-2")
        #expect(TreeSelection.newIn("Demo").key(slug: "auth") == "Demo/auth")
        #expect(TreeSelection.key("Demo/users/get-user").key(slug: "ignored") == "Demo/users/get-user")
    }

    @Test func aDuplicateIsSelectedUnderItsNewSlug() throws {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down], &model)
        let effects = Fixtures.press([.character("c")], &model)
        guard case let .dialog(.form(form))? = model.modal else { Issue.record("no duplicate form: \(effects)"); return }
        guard case let .changeTree(_, select, _)? = model.submitForm(form).first else { Issue.record("no tree change"); return }
        #expect(select == .newIn("Demo/users"))
    }
}
