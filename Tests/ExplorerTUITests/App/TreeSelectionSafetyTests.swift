import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

/// After the tree changes under the cursor, the request pane shows exactly the request under the cursor, or none, so
/// Ctrl-J can only send a request the user can see selected.
@Suite("The request shown after a tree change is the one under the cursor, or none")
struct TreeSelectionSafetyTests {
    /// Folder f holding A (GET /a), B (GET /b) and Wipe (DELETE /wipe), on disk, with the cursor on B.
    func onDisk() throws -> (directory: String, model: ExplorerModel, load: @Sendable () -> CollectionLoadResult) {
        let (directory, load) = try Fixtures.onDisk([
            "T/collection.yaml": "name: T\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:1\n",
            "T/f/a.yaml": "name: A\nurl: /a\n",
            "T/f/b.yaml": "name: B\nurl: /b\n",
            "T/f/c.yaml": "name: Wipe\nmethod: DELETE\nurl: /wipe\n",
        ], prefix: "treesafety")
        let result = load()
        var model = ExplorerModel(collections: result.collections, problems: result.problems, loadedFiles: result.loadedFiles)
        Fixtures.press([.character("j"), .right, .down, .down], &model)
        #expect(model.tree.selectedRequestKey == "T/f/b")
        return (directory, model, load)
    }

    @Test func deletingTheSelectedRequestLeavesNothingToSend() throws {
        var (directory, model, load) = try onDisk()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let effects = Fixtures.press([.character("d"), .character("y")], &model)
        guard case let .changeTree(change, select, movedFrom)? = effects.first else {
            Issue.record("expected a tree change, got \(effects)")
            return
        }
        let slug = try CollectionFiles.apply(change)
        _ = model.update(.treeChanged(load(), select: select.key(slug: slug), movedFrom: movedFrom, message: "Deleted B"))
        #expect(model.treeRows[model.tree.cursor].key == "T/f")
        #expect(model.tree.selectedRequestKey == nil, "Wipe moved up into B's row, but nobody picked it")
        #expect(Fixtures.press([.control("j")], &model).isEmpty)
        #expect(model.status == "Select a request in the tree first.")
    }

    @Test func aReloadThatRemovedTheSelectedRequestMovesTheCursorToItsFolder() throws {
        var (directory, model, load) = try onDisk()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.removeItem(atPath: directory + "/T/f/b.yaml")
        _ = model.update(.collectionsReloaded(load()))
        #expect(model.treeRows[model.tree.cursor].key == "T/f")
        #expect(model.tree.selectedRequestKey == nil)
        #expect(Fixtures.press([.control("j")], &model).isEmpty)
    }

    @Test func aFilterThatHidesTheRequestLeavesItUnselected() throws {
        var (directory, model, _) = try onDisk()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Browsing onto the folder row keeps A shown (the user passed over it last); a filter that shows only Wipe
        // selects it under the cursor, and one matching nothing selects nothing.
        Fixtures.press([.up, .up], &model)
        #expect(model.treeRows[model.tree.cursor].key == "T/f" && model.tree.selectedRequestKey == "T/f/a")
        Fixtures.press([.character("/")] + Fixtures.typing("wipe"), &model)
        #expect(model.tree.selectedRequestKey == "T/f/c" && model.treeRows[model.tree.cursor].key == "T/f/c")
        Fixtures.press(Fixtures.typing("zz"), &model)
        #expect(model.tree.selectedRequestKey == nil)
        #expect(Fixtures.press([.control("j")], &model).isEmpty)
    }
}
