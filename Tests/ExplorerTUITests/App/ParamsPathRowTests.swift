import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Params tab: a Path row per {{variable}} in the URL's path, its value editable and saved as the request's")
struct ParamsPathRowTests {
    /// The model on `size` with Get user (`/users/{{userId}}`) selected and its Params tab shown.
    func onGetUserParams(width: Int = 100, height: Int = 30) -> ExplorerModel {
        var model = Fixtures.model(width: width, height: height)
        Fixtures.press([.character("j"), .right, .down, .tab, .character("[")], &model)
        #expect(model.requestEditor.tab == .params)
        return model
    }

    func draft(_ model: ExplorerModel) -> RequestSpec? {
        model.tree.selectedRequestKey.flatMap { model.requestEditor.edited[$0] }
    }

    /// The rendered line holding `name`'s row in the request pane.
    func pathRow(_ name: String, _ model: ExplorerModel) -> String? {
        ExplorerView.render(model).lines.first { $0.contains("\(name) ") && $0.contains("Path") }
    }

    @Test func aPathVariableIsAPathRowWithTheValueInForceAndWhereItComesFrom() throws {
        var model = onGetUserParams()
        let row = try #require(pathRow("userId", model), "\(ExplorerView.render(model).lines.joined(separator: "\n"))")
        #expect(row.contains("✓ userId") && row.contains(" 1  (collection) ") && row.contains("Path"), "\(row)")
        // A query row beside it says it is one.
        Fixtures.press([.character("a")] + Fixtures.typing("page") + [.enter] + Fixtures.typing("2") + [.enter], &model)
        let lines = ExplorerView.render(model).lines
        #expect(lines.contains { $0.contains("✓ page") && $0.contains("Query│") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("✓ userId") && $0.contains("Path") }, "\(lines.joined(separator: "\n"))")
        // The cursor moves from the query rows onto the Path row, where Enter edits the path parameter, not a query one.
        Fixtures.press([.character("j"), .enter, .control("u")] + Fixtures.typing("9") + [.enter], &model)
        #expect(draft(model)?.variables == [Variable(name: "userId", value: "9")] && draft(model)?.query == [KeyValue("page", "2")])
    }

    @Test func editingAPathRowSetsTheRequestsOwnValue() throws {
        var model = onGetUserParams()
        Fixtures.press([.character("i"), .control("u")] + Fixtures.typing("42") + [.enter], &model)
        #expect(draft(model)?.variables == [Variable(name: "userId", value: "42")], "\(String(describing: draft(model)?.variables))")
        #expect(model.status == "userId set for this request; press s to save.")
        let row = try #require(pathRow("userId", model))
        #expect(row.contains(" 42 ") && !row.contains("(collection)"), "\(row)")
        #expect(ExplorerView.render(model).lines.joined().contains("→ http://127.0.0.1:8787/users/42"))
        // The name is the URL's: Tab does not move to it, and the rows follow the URL, so they do not move or switch off.
        Fixtures.press([.character("i"), .tab] + Fixtures.typing("7") + [.enter], &model)
        #expect(draft(model)?.variables == [Variable(name: "userId", value: "427")])
        Fixtures.press([.character(" ")], &model)
        #expect(model.status?.hasPrefix("userId is a path parameter: the URL decides which there are") == true, "\(String(describing: model.status))")
        // Deleting the row removes the request's own value: the collection's is used again.
        Fixtures.press([.character("d")], &model)
        #expect(draft(model) == nil && model.status == "userId: this request's value removed; the collection value is used.",
                "\(String(describing: model.status))")
    }

    @Test func theSavedValueIsWrittenIntoTheRequestFileKeepingItsComments() throws {
        let (directory, load) = try Fixtures.onDisk([
            "Demo/collection.yaml": "name: Demo\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:1\n",
            "Demo/users/folder.yaml": "name: Users\n",
            "Demo/users/get-user.yaml": "# Fetches one user.\nname: Get user\nurl: /users/{{userId}}  # the id is a path parameter\ntimeout: 5 # seconds\n",
        ], prefix: "pathparams")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = load()
        var model = ExplorerModel(collections: result.collections, problems: result.problems, loadedFiles: result.loadedFiles)
        Fixtures.press([.character("j"), .right, .down, .tab, .character("[")], &model)
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user" && model.requestEditor.tab == .params)
        // Nothing defines it yet.
        let unset = try #require(pathRow("userId", model), "\(ExplorerView.render(model).lines.joined(separator: "\n"))")
        #expect(unset.contains("✗ userId") && unset.contains("(not set)"), "\(unset)")

        Fixtures.press([.character("i")] + Fixtures.typing("42") + [.enter], &model)
        let effects = Fixtures.press([.character("s")], &model)
        guard case let .save(_, request, saved, original)? = effects.first else { Issue.record("expected a save, got \(effects)"); return }
        #expect(request.changedKeys(from: saved) == ["variables"])
        try CollectionStore.save(request, over: saved, original: original)
        let text = try String(contentsOfFile: directory + "/Demo/users/get-user.yaml", encoding: .utf8)
        #expect(text.hasPrefix("# Fetches one user.\nname: Get user\nurl: /users/{{userId}}  # the id is a path parameter\nvariables:\n  - name: userId\n"), "\(text)")
        #expect(text.hasSuffix("timeout: 5 # seconds\n"), "\(text)")
        let reloaded = load().collections.first?.locate(["users", "get-user"])?.request
        #expect(reloaded?.variables == [Variable(name: "userId", value: "42")], "\(String(describing: reloaded?.variables))")
    }
}
