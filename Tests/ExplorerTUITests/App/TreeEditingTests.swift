import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Requests and folders from the tree: new, duplicate, rename, move, delete; paste is text, never keys")
struct TreeEditingTests {
    /// A collection on disk, loaded, with the model's cursor on Get user.
    func onDisk() throws -> (directory: String, model: ExplorerModel, load: @Sendable () -> CollectionLoadResult) {
        let (directory, load) = try Fixtures.onDisk([
            "Demo/collection.yaml": "name: Demo\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:1\n",
            "Demo/users/folder.yaml": "name: Users\n",
            "Demo/users/get-user.yaml": "name: Get user\nurl: /users/1\n",
            "Demo/status.yaml": "name: Status\nmethod: DELETE\nurl: /status\n",
        ], prefix: "treeedit")
        let result = load()
        var model = ExplorerModel(collections: result.collections, problems: result.problems, loadedFiles: result.loadedFiles)
        Fixtures.press([.character("j"), .right, .down], &model)
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user")
        return (directory, model, load)
    }

    /// Does what the run loop does for a tree change: applies it on disk, reloads, and delivers the result.
    func run(_ effects: [AppEffect], _ model: inout ExplorerModel, load: () -> CollectionLoadResult) throws {
        guard case let .changeTree(change, select, movedFrom)? = effects.first else {
            Issue.record("expected a tree change, got \(effects)")
            return
        }
        let slug = try CollectionFiles.apply(change)
        let key = select.key(slug: slug)
        _ = model.update(.treeChanged(load(), select: key, movedFrom: movedFrom, message: "done", focus: ExplorerModel.focus(after: change)))
    }

    @Test func aNewRequestGoesIntoTheFolderUnderTheCursorAndIsSelected() throws {
        var (directory, model, load) = try onDisk()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Fixtures.press([.character("n")], &model)
        guard case let .form(form)? = model.modal?.dialog else { Issue.record("expected the new request form"); return }
        #expect(form.title == " New request in Users " && form.fields.map(\.label) == ["Name", "File name"])
        #expect(ExplorerView.render(model).lines.joined().contains("New request in Users"))
        // Enter is done from any field; an empty name and file name are refused.
        Fixtures.press([.enter], &model)
        #expect(model.modal?.dialog != nil && model.status == "A request needs a name. Esc cancels.")
        let effects = Fixtures.press(Fixtures.typing("List users") + [.tab] + Fixtures.typing("all users") + [.enter], &model)
        try run(effects, &model, load: load)
        #expect(model.tree.selectedRequestKey == "Demo/users/all-users")
        #expect(model.treeRows[model.tree.cursor].title == "List users")
        #expect(FileManager.default.fileExists(atPath: directory + "/Demo/users/all-users.yaml"))
        // Its URL comes next, so the request pane has the keys (issue 26.20): u edits it.
        #expect(model.focus == .request)
        Fixtures.press([.character("u")], &model)
        #expect(model.requestEditor.edit?.url != nil)
        Fixtures.press([.escape, .backTab], &model)
        // Enter in Name is done too: the file name is made from the name (26.10).
        try run(Fixtures.press([.character("n")] + Fixtures.typing("Ping it") + [.enter], &model), &model, load: load)
        #expect(FileManager.default.fileExists(atPath: directory + "/Demo/users/ping-it.yaml"))
        Fixtures.press([.backTab], &model)
        // A folder: N on a request row makes it beside the request, in its folder.
        let folderEffects = Fixtures.press([.character("N")] + Fixtures.typing("Admin") + [.enter], &model)
        try run(folderEffects, &model, load: load)
        #expect(model.collections[0].root.folders[0].folders.map(\.name) == ["Admin"])
    }

    @Test func duplicateRenameMoveAndDeleteKeepUnsavedEditsWithTheRequest() throws {
        var (directory, model, load) = try onDisk()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // An unsaved edit on Get user follows it through a rename of its file.
        Fixtures.press([.tab, .character("m"), .down, .enter, .backTab], &model)
        #expect(model.requestEditor.edited["Demo/users/get-user"]?.method == "POST")
        try run(Fixtures.press([.character("c"), .enter], &model), &model, load: load)
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user-copy")
        #expect(model.savedRequest("Demo/users/get-user-copy")?.method == "GET", "the copy is of the file as saved")
        // Files are listed by name, so get-user-copy.yaml comes before get-user.yaml.
        Fixtures.press([.down], &model)
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user")
        try run(Fixtures.press([.character("r"), .control("u")] + Fixtures.typing("Fetch user") + [.tab, .control("u"), .character("y"), .enter], &model),
                &model, load: load)
        #expect(model.tree.selectedRequestKey == "Demo/users/fetch-user")
        #expect(model.requestEditor.edited["Demo/users/fetch-user"]?.method == "POST" && model.requestEditor.edited["Demo/users/get-user"] == nil)
        #expect(model.requestEditor.edited["Demo/users/fetch-user"]?.name == "Fetch user")
        #expect(try String(contentsOfFile: directory + "/Demo/users/fetch-user.yaml", encoding: .utf8) == "name: Fetch user\nurl: /users/1\n")
        // Move to the collection's top level: the picker lists every folder.
        Fixtures.press([.character("M")], &model)
        guard case let .picker(picker)? = model.modal?.dialog else { Issue.record("expected the folder picker"); return }
        #expect(picker.options == ["Demo", "Demo/Users"] && picker.selection == 1)
        try run(Fixtures.press([.up, .enter], &model), &model, load: load)
        #expect(model.tree.selectedRequestKey == "Demo/fetch-user" && model.requestEditor.edited["Demo/fetch-user"]?.method == "POST")
        // Delete asks first; anything but y keeps the file.
        Fixtures.press([.character("d"), .character("n")], &model)
        #expect(FileManager.default.fileExists(atPath: directory + "/Demo/fetch-user.yaml") && model.status == "Cancelled.")
        try run(Fixtures.press([.character("d"), .character("y")], &model), &model, load: load)
        #expect(!FileManager.default.fileExists(atPath: directory + "/Demo/fetch-user.yaml"))
        #expect(model.requestEditor.edited.isEmpty && !model.treeRows.contains { $0.key == "Demo/fetch-user" })
        #expect(FileManager.default.fileExists(atPath: directory + "/Demo/users/get-user-copy.yaml"))
    }

    @Test func treeActionsOnAFolderRowSayWhatTheyNeed() {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .character("r")], &model)
        #expect(model.modal?.dialog == nil && model.status == "Put the cursor on a request first.")
        Fixtures.press([.character("Z")], &model)
        #expect(model.status == "Z does nothing here; ? lists the keys.")
    }

    @Test func aPasteIntoTheTreeIsNeverReadAsKeys() {
        var model = Fixtures.model()
        Fixtures.press([.character("G")], &model)
        #expect(model.tree.selectedRequestKey == "Demo/status")
        // "42⏎" on a DELETE request used to send it; "q…" used to quit.
        var effects = Fixtures.press([.paste("42\n")], &model)
        #expect(effects.isEmpty)
        if case .idle = model.responseView.state {} else { Issue.record("nothing was sent") }
        #expect(model.status?.hasPrefix("Pasted text ignored here (3 characters)") == true)
        effects = Fixtures.press([.paste("quit now\n")], &model)
        #expect(effects.isEmpty)
        // A curl command is offered for import, with the text in the prompt.
        Fixtures.press([.paste("curl https://x.test/a \\\n  -H 'A: 1'")], &model)
        #expect(model.modal?.importField?.text == "curl https://x.test/a \\   -H 'A: 1'")
        #expect(model.status?.hasPrefix("Pasted a curl command") == true)
    }

    @Test func lineBreaksInABurstOfKeysInTheImportPromptAreSpaces() {
        var model = Fixtures.model()
        Fixtures.press([.character("I")], &model)
        #expect(model.modal?.importField != nil)
        // A paste without bracketed paste arrives as keys: the line breaks inside it are spaces, a `\` continues the
        // line, and only a line break at the very end would import.
        let burst = Fixtures.typing("curl https://x.test/a") + [.enter] + Fixtures.typing("-H 'A: 1' \\") + [.control("j")]
            + Fixtures.typing("-d x")
        let effects = model.update(.keysPressed(burst))
        #expect(effects.isEmpty)
        #expect(model.modal?.importField?.text == "curl https://x.test/a -H 'A: 1'  -d x")
        // Keys after one that quits are not read.
        var other = Fixtures.model()
        let quit = other.update(.keysPressed([.character("q"), .character("j")]))
        #expect(quit.count == 1 && other.tree.cursor == 0)
    }

    @Test func aPasteGoesIntoTheFieldBeingEdited() {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down, .down, .tab, .character("u"), .control("u")], &model)
        Fixtures.press([.paste("https://api.test/v1/users?id=7")], &model)
        #expect(model.requestEditor.edit?.url?.text == "https://api.test/v1/users?id=7")
        Fixtures.press([.enter, .character("]"), .character("i"), .control("k")], &model)
        Fixtures.press([.paste("{\n  \"a\": [1,\n    2]\n}")], &model)
        #expect(model.requestEditor.edit?.body?.area.lines == ["{", "  \"a\": [1,", "    2]", "}"])
        #expect(model.requestEditor.edit?.body?.jsonError == nil)
    }
}

