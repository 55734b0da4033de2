import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Composing a request: URL, method, params, body, auth and options edits become one draft, saved by s")
struct RequestEditingTests {
    /// The model with Get user selected and the request pane focused.
    func onGetUser(width: Int = 80, height: Int = 24) -> ExplorerModel {
        var model = Fixtures.model(width: width, height: height)
        Fixtures.press([.character("j"), .right, .down, .tab], &model)
        return model
    }

    /// The model with Create (a JSON body) selected and the request pane focused.
    func onCreate(width: Int = 80, height: Int = 24) -> ExplorerModel {
        var model = Fixtures.model(width: width, height: height)
        Fixtures.press([.character("j"), .right, .down, .down, .tab], &model)
        return model
    }

    func draft(_ model: ExplorerModel) -> RequestSpec? {
        model.tree.selectedRequestKey.flatMap { model.requestEditor.edited[$0] }
    }

    @Test func theTextsThatNameAKeyNameTheOneInForce() {
        var model = Fixtures.model(width: 120, height: 30)
        let config = ConfigLoader.parse("keymap: {request: {save: \"Ctrl-S\", editURL: \"U\"}, table: {addRow: \"+\"}}\n", file: "config.yaml")
        let configured = KeyMap.configured(preset: nil, overrides: config.keymapOverrides)
        #expect(configured.problems.isEmpty, "\(configured.problems)")
        model.keyMap = configured.map
        Fixtures.press([.character("j"), .right, .down, .tab], &model)
        Fixtures.press([.character("U"), .end] + Fixtures.typing("?page=2") + [.enter], &model)
        #expect(model.status == "URL set; 1 query parameter moved to Params; press Ctrl-S to save.")
        // An empty table names the rebound add key, and the URL key that moves a query there.
        Fixtures.press([.backTab, .down, .tab, .left], &model)
        #expect(model.requestEditor.tab == .params)
        let empty = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(empty.contains("No query parameters. Press + to add one (or type ?name=value in the URL with U)."), "\(empty)")

        var emacs = Fixtures.model(width: 120, height: 30)
        emacs.keyMap = .emacs
        let start = ExplorerView.render(emacs).lines.joined(separator: "\n")
        #expect(start.contains("Select a request in the tree (↑↓ or Ctrl-N/Ctrl-P), Enter sends it."), "\(start)")
        #expect(start.contains("Nothing sent yet. Ctrl-J (or Enter in the tree) sends the selected request."), "\(start)")
        var arrows = Fixtures.model(width: 120, height: 30)
        arrows.keyMap = .arrows
        #expect(ExplorerView.render(arrows).lines.joined(separator: "\n").contains("Select a request in the tree (↑↓), Enter sends it."))
    }

    @Test func theURLIsEditedInPlaceAndItsQueryMovesToParams() {
        var model = onGetUser()
        Fixtures.press([.character("u"), .end] + Fixtures.typing("?page=2&q=a%20b") + [.enter], &model)
        #expect(model.requestEditor.edit?.url == nil)
        #expect(draft(model)?.url == "/users/{{userId}}")
        #expect(draft(model)?.query == [KeyValue("page", "2"), KeyValue("q", "a b")])
        #expect(model.status == "URL set; 2 query parameters moved to Params; press s to save.")
        #expect(model.isModified("Demo/users/get-user"))
        // Word jumps and readline keys: Ctrl-W deletes the word before the cursor, Ctrl-U everything before it.
        Fixtures.press([.character("u"), .control("w")], &model)
        #expect(model.requestEditor.edit?.url?.text == "/users/{{")
        Fixtures.press([.control("u")] + Fixtures.typing("https://api.test/v1") + [.alt("b"), .control("k"), .enter], &model)
        #expect(draft(model)?.url == "https://api.test/")
        // Esc cancels; an empty URL or one with spaces is refused with a sentence and the field stays open.
        Fixtures.press([.character("u")] + Fixtures.typing("x") + [.escape], &model)
        #expect(draft(model)?.url == "https://api.test/")
        Fixtures.press([.character("u"), .control("u"), .enter], &model)
        #expect(model.requestEditor.edit?.url != nil && model.status?.hasPrefix("A request needs a URL") == true)
        Fixtures.press(Fixtures.typing("/a b") + [.enter], &model)
        #expect(model.requestEditor.edit?.url != nil && model.status?.contains("%20") == true)
        Fixtures.press([.escape], &model)
        // Back to the file's URL and no query: the draft goes away and so does the mark.
        Fixtures.press([.character("u"), .control("u")] + Fixtures.typing("/users/{{userId}}") + [.enter], &model)
        Fixtures.press([.character("[")], &model)
        #expect(model.requestEditor.tab == .params)
        Fixtures.press([.character("d"), .character("d")], &model)
        #expect(model.requestEditor.edited.isEmpty && !model.isModified("Demo/users/get-user"))
    }

    @Test func tabCompletesAVariableAndUnknownOnesAreShownAsErrors() {
        var model = onGetUser()
        Fixtures.press([.character("u"), .control("u")] + Fixtures.typing("/u/{{us") + [.tab], &model)
        #expect(model.requestEditor.edit?.url?.text == "/u/{{userId}}")
        Fixtures.press(Fixtures.typing("/{{nope}}") + [.enter], &model)
        let buffer = ExplorerView.render(model)
        let row = buffer.lines[2]
        #expect(row.contains("GET /u/{{userId}}/{{nope}}"))
        // The unknown variable is drawn in the error colour, the known one is not.
        let start = row.distance(from: row.startIndex, to: row.range(of: "{{nope}}")!.lowerBound)
        let known = row.distance(from: row.startIndex, to: row.range(of: "{{userId}}")!.lowerBound)
        #expect(buffer.cell(x: start + 2, y: 2)?.style.foreground == .red)
        #expect(buffer.cell(x: known + 2, y: 2)?.style.foreground == .cyan)
        #expect(buffer.lines[3].contains("✗"), "the preview says which variable is missing")
    }

    @Test func theMethodComesFromAPickerOrAnyToken() {
        var model = onGetUser()
        Fixtures.press([.character("m")], &model)
        #expect(ExplorerView.render(model).lines.joined().contains("Method"))
        Fixtures.press([.down, .down, .enter], &model)
        #expect(draft(model)?.method == "PUT")
        Fixtures.press([.character("m")] + Fixtures.typing("purge") + [.enter], &model)
        #expect(draft(model)?.method == "PURGE")
        Fixtures.press([.character("m")] + Fixtures.typing("no way") + [.enter], &model)
        #expect(model.modal?.dialog != nil && model.status?.hasPrefix("A method is one word") == true)
        Fixtures.press([.escape], &model)
        #expect(model.modal?.dialog == nil && draft(model)?.method == "PURGE")
        #expect(model.treeRows.contains { $0.key == "Demo/users/get-user" && $0.method == "PURGE" })
    }

    @Test func paramsAreATableLikeHeaders() {
        var model = onGetUser()
        Fixtures.press([.character("[")], &model)
        #expect(model.requestEditor.tab == .params)
        Fixtures.press([.character("a")] + Fixtures.typing("a") + [.enter] + Fixtures.typing("1") + [.enter], &model)
        Fixtures.press([.character("a")] + Fixtures.typing("b") + [.enter] + Fixtures.typing("2") + [.enter], &model)
        #expect(draft(model)?.query == [KeyValue("a", "1"), KeyValue("b", "2")])
        #expect(model.requestEditor.selection == 1)
        Fixtures.press([.character("K")], &model)
        #expect(draft(model)?.query == [KeyValue("b", "2"), KeyValue("a", "1")] && model.requestEditor.selection == 0)
        Fixtures.press([.character(" "), .character("i"), .tab, .control("u")] + Fixtures.typing("two") + [.enter], &model)
        #expect(draft(model)?.query == [KeyValue("b", "two", enabled: false), KeyValue("a", "1")])
        // An empty name is refused and the editor stays open with the name field.
        Fixtures.press([.character("a"), .enter, .enter], &model)
        #expect(model.requestEditor.edit?.row != nil && model.status == "A row needs a name. Esc cancels.")
        Fixtures.press([.escape, .character("J"), .character("d")], &model)
        #expect(draft(model)?.query == [KeyValue("a", "1")])
        #expect(ExplorerView.render(model).lines.joined().contains("users/1?a=1"))
    }

    @Test func anInheritedHeaderCanBeSwitchedOffForThisRequest() {
        var model = onGetUser()
        #expect(model.requestPane.effectiveHeaders[0].header.name == "Accept")
        Fixtures.press([.character(" ")], &model)
        #expect(draft(model)?.omittedHeaders == ["Accept"])
        #expect(model.requestPane.effectiveHeaders[0].isOmitted)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("✗ Accept") && $0.contains("off here") })
        let effects = Fixtures.press([.control("j")], &model)
        guard case let .send(_, resolver)? = effects.first else { Issue.record("expected a send"); return }
        #expect((try? resolver.resolve().request.effectiveHeaders["Accept"]) == .some(nil))
        Fixtures.press([.character(" ")], &model)
        #expect(draft(model) == nil)
    }

    @Test func theBodyIsEditedWithUndoValidatedAndFormatted() {
        var model = onCreate()
        Fixtures.press([.character("]")], &model)
        #expect(model.requestEditor.tab == .body)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("JSON ✓ valid") })
        Fixtures.press([.character("i"), .end, .backspace] + Fixtures.typing(", \"x\": ") + [.enter] + Fixtures.typing("tru"), &model)
        #expect(model.requestEditor.edit?.body?.area.lines == ["{\"name\": \"Ada\", \"x\": ", "tru"])
        #expect(model.requestEditor.edit?.body?.jsonError?.line == 2)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("JSON ✗") && $0.contains("line 2") })
        #expect(model.isModified("Demo/users/create"))
        Fixtures.press(Fixtures.typing("e}"), &model)
        #expect(model.requestEditor.edit?.body?.jsonError == nil)
        // Typing is one undo step; the line break another.
        Fixtures.press([.control("z")], &model)
        #expect(model.requestEditor.edit?.body?.area.lines == ["{\"name\": \"Ada\", \"x\": ", ""])
        Fixtures.press([.control("z")], &model)
        #expect(model.requestEditor.edit?.body?.area.lines == ["{\"name\": \"Ada\", \"x\": "])
        Fixtures.press([.control("y"), .control("y"), .control("y")], &model)
        #expect(model.requestEditor.edit?.body?.area.text == "{\"name\": \"Ada\", \"x\": \ntrue}")
        Fixtures.press([.escape], &model)
        #expect(draft(model)?.body == .json("{\"name\": \"Ada\", \"x\": \ntrue}"))
        // Reopening the same body keeps its undo history.
        Fixtures.press([.character("i"), .control("z"), .escape], &model)
        #expect(draft(model)?.body == .json("{\"name\": \"Ada\", \"x\": \n"))
        Fixtures.press([.character("i"), .control("y"), .escape, .character("f")], &model)
        #expect(draft(model)?.body == .json("{\n  \"name\": \"Ada\",\n  \"x\": true\n}"))
        #expect(model.status == "Pretty-printed; press s to save.")
    }

    @Test func invalidJSONIsSentOnlyAfterAYes() {
        var model = onCreate()
        Fixtures.press([.character("]"), .character("i")] + Fixtures.typing("oops") + [.escape], &model)
        #expect(model.status?.hasPrefix("The JSON does not parse") == true)
        var effects = Fixtures.press([.control("j")], &model)
        #expect(effects.isEmpty)
        guard case let .confirmation(question)? = model.modal?.dialog else { Issue.record("expected a question"); return }
        #expect(question.purpose == .sendInvalidJSON)
        Fixtures.press([.character("n")], &model)
        #expect(model.modal?.dialog == nil)
        Fixtures.press([.control("j")], &model)
        effects = Fixtures.press([.character("y")], &model)
        guard case let .send(_, resolver)? = effects.first else { Issue.record("expected a send, got \(effects)"); return }
        #expect(resolver.request.body == .json("oops{\"name\": \"Ada\"}"))
    }

    @Test func theBodyKindChangesAndFormFieldsAreATable() {
        var model = onCreate()
        Fixtures.press([.character("]"), .character("t")], &model)
        guard case let .picker(picker)? = model.modal?.dialog else { Issue.record("expected the kind picker"); return }
        #expect(picker.options == ["none", "json", "text", "form", "multipart", "file", "graphql"] && picker.selection == 1)
        Fixtures.press([.down, .enter], &model)
        #expect(draft(model)?.body == .text("{\"name\": \"Ada\"}", contentType: nil))
        Fixtures.press([.character("t"), .down, .enter], &model)
        #expect(model.requestPane.currentTable == .form)
        Fixtures.press([.character("a")] + Fixtures.typing("name") + [.enter] + Fixtures.typing("Ada") + [.enter], &model)
        #expect(draft(model)?.body == .form([KeyValue("name", "Ada")]))
        Fixtures.press([.character("t"), .down, .enter], &model)
        Fixtures.press([.character("a")] + Fixtures.typing("avatar") + [.enter] + Fixtures.typing("@_files/a.png") + [.enter], &model)
        #expect(draft(model)?.body == .multipart([MultipartField(name: "name", value: "Ada"), MultipartField(name: "avatar", file: "_files/a.png")]))
        Fixtures.press([.character("t"), .down, .enter] + Fixtures.typing("_files/sample.json") + [.enter], &model)
        #expect(draft(model)?.body == .file(path: "_files/sample.json", contentType: nil))
        Fixtures.press([.character("t"), .home, .up, .up, .up, .up, .up, .enter], &model)
        #expect(draft(model)?.body == BodySpec.none)
    }

    @Test func credentialsAreEditedAndSecretsMaskedWhileTyped() {
        var model = onGetUser()
        Fixtures.press([.character("]"), .character("]")], &model)
        #expect(model.requestEditor.tab == .auth)
        Fixtures.press([.character("t"), .down, .down, .down, .enter], &model)
        #expect(draft(model)?.auth == .bearer(token: ""))
        Fixtures.press([.character("i")] + Fixtures.typing("hunter2"), &model)
        let typing = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(typing.contains("Token: [request file, Tab: secrets file] •••••••") && !typing.contains("hunter2"))
        Fixtures.press([.enter], &model)
        #expect(draft(model)?.auth == .bearer(token: "hunter2"))
        #expect(!ExplorerView.render(model).lines.joined().contains("hunter2"))
        // An API key moves between header and query with Space; the secret carries over to the new kind.
        Fixtures.press([.character("t"), .down, .enter, .down, .down, .down, .character(" ")], &model)
        #expect(draft(model)?.auth == .apiKey(name: "X-API-Key", value: "hunter2", inQuery: true))
    }

    @Test func digestAndAWSCredentialsArePickedAndEditedLikeTheOthers() {
        var model = onGetUser()
        Fixtures.press([.character("]"), .character("]"), .character("t")], &model)
        guard case let .picker(picker)? = model.modal?.dialog else { Issue.record("expected the kind picker"); return }
        #expect(picker.options == ["inherit", "none", "basic", "bearer", "apikey", "digest", "aws", "oauth2"])
        Fixtures.press([.down, .down, .down, .down, .down, .enter], &model)
        #expect(draft(model)?.auth == .digest(username: "", password: ""))
        Fixtures.press([.character("i")] + Fixtures.typing("ada") + [.enter, .down, .character("i")] + Fixtures.typing("hunter2") + [.enter], &model)
        #expect(draft(model)?.auth == .digest(username: "ada", password: "hunter2"))
        #expect(!ExplorerView.render(model).lines.joined().contains("hunter2"))
        // To aws: the password carries over as the secret key, and every field is a row of its own.
        Fixtures.press([.character("t"), .down, .enter], &model)
        #expect(draft(model)?.auth == .aws(accessKey: "", secretKey: "hunter2", sessionToken: "", region: "us-east-1", service: "execute-api"))
        Fixtures.press([.character("i")] + Fixtures.typing("AKIDEXAMPLE") + [.enter, .down, .down, .character("i")] + Fixtures.typing("tok-1")
                       + [.enter, .down, .character("i"), .control("u")] + Fixtures.typing("eu-west-1") + [.enter, .down, .character("i"), .control("u")]
                       + Fixtures.typing("s3") + [.enter], &model)
        #expect(draft(model)?.auth == .aws(accessKey: "AKIDEXAMPLE", secretKey: "hunter2", sessionToken: "tok-1", region: "eu-west-1", service: "s3"))
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        // The label column widens for "Session token"; the table scrolls to the row being edited.
        #expect(screen.contains("Region         eu-west-1") && screen.contains("Service        s3"), "\(screen)")
        #expect(screen.contains("Session token  ••••••") && !screen.contains("hunter2") && !screen.contains("tok-1"))
        // Back to digest: the user name was not kept by aws, the secret is.
        Fixtures.press([.character("t"), .up, .enter], &model)
        #expect(draft(model)?.auth == .digest(username: "", password: "hunter2"))
    }

    @Test func aSecretCanBeKeptInTheSecretsFileInsteadOfTheRequest() {
        var model = onGetUser()
        Fixtures.press([.character("]"), .character("]"), .character("t"), .down, .down, .down, .enter, .character("i"), .tab]
                       + Fixtures.typing("tok-123"), &model)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("Token: [secrets.local.yaml] •••••••") })
        let effects = Fixtures.press([.enter], &model)
        guard case let .storeSecret(directory, environment, variable, value)? = effects.first else {
            Issue.record("expected the secret to be stored, got \(effects)")
            return
        }
        #expect(directory == "/tmp/none" && environment == "local" && variable == "get-user-token" && value == "tok-123")
        #expect(draft(model)?.auth == .bearer(token: "{{get-user-token}}"))
        _ = model.update(.secretStored(nil, message: "Not saved: writing failed."))
        #expect(model.status == "Not saved: writing failed.")
    }

    @Test func optionsAreTimeoutRedirectsAndTLS() {
        var model = onGetUser()
        Fixtures.press([.character("["), .character("["), .character("["), .character("[")], &model)
        #expect(model.requestEditor.tab == .options)
        Fixtures.press([.character("i")] + Fixtures.typing("soon") + [.enter], &model)
        #expect(model.requestEditor.edit?.value != nil && model.status?.hasPrefix("The timeout is a number") == true)
        Fixtures.press([.control("u")] + Fixtures.typing("2.5") + [.enter, .down, .character(" "), .down, .character(" "), .character(" ")], &model)
        #expect(draft(model)?.timeout == 2.5 && draft(model)?.followRedirects == false && draft(model)?.verifyTLS == true)
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Follow redirects   off") && screen.contains("Verify TLS         on"))
        // The inherited headers switched off in the Headers tab are listed here, and Space turns them all back on.
        Fixtures.press(Array(repeating: .character("]"), count: 4) + [.character(" ")] + Array(repeating: .character("["), count: 4) + [.down, .down, .down], &model)
        #expect(draft(model)?.omittedHeaders == ["Accept"])
        #expect(ExplorerView.render(model).lines.contains { $0.contains("Headers off") && $0.contains("Accept") })
        Fixtures.press([.character(" ")], &model)
        #expect(draft(model)?.omittedHeaders == [])
    }

    @Test func saveSendsTheDraftAndItsBaseAndSavedClearsTheMark() {
        var model = onGetUser()
        Fixtures.press([.character("m"), .down, .enter, .character("u"), .end] + Fixtures.typing("/x") + [.enter], &model)
        let effects = Fixtures.press([.character("s")], &model)
        guard case let .save(key, request, saved, _)? = effects.first else { Issue.record("expected a save, got \(effects)"); return }
        #expect(key == "Demo/users/get-user" && request.changedKeys(from: saved) == ["method", "url"])
        _ = model.update(.saved(key: key, file: request.file, data: Data(), request: request))
        #expect(model.requestEditor.edited.isEmpty && model.selectedRequest?.located.request.method == "POST")
        #expect(Fixtures.press([.character("s")], &model).isEmpty && model.status == "Nothing to save.")
    }

    @Test func quittingWithAnyUnsavedEditAsks() {
        var model = onCreate()
        Fixtures.press([.character("]"), .character("i")] + Fixtures.typing("x"), &model)
        let effects = Fixtures.press([.control("c")], &model)
        #expect(effects.isEmpty && (model.modal == .quitConfirmation))
        #expect(ExplorerView.render(model).lines.joined().contains("Quit and lose unsaved edits?"))
    }

    @Test func zMaximisesTheFocusedPane() {
        var model = onGetUser(width: 100, height: 30)
        Fixtures.press([.character("z")], &model)
        #expect(model.screen.maximized == .request)
        let lines = ExplorerView.render(model).lines
        #expect(lines[1].hasPrefix("┌▶ Get user") && !lines.joined().contains("Collections") && !lines.joined().contains("Response"))
        Fixtures.press([.character("z")], &model)
        #expect(model.screen.maximized == nil && ExplorerView.render(model).lines.joined().contains("Collections"))
    }

    @Test func theExternalEditorTakesTheBodyOrTheFile() {
        var model = onCreate()
        Fixtures.press([.character("]")], &model)
        var effects = Fixtures.press([.character("E")], &model)
        guard case let .openEditor(edit)? = effects.first else { Issue.record("expected the editor, got \(effects)"); return }
        #expect(edit.target == .body && edit.text == "{\"name\": \"Ada\"}")
        _ = model.update(.editorFinished(.body(key: edit.key, text: "{\"name\": \"Grace\"}")))
        #expect(draft(model)?.body == .json("{\"name\": \"Grace\"}") && model.status == "Body updated from the editor; press s to save.")
        _ = model.update(.editorFinished(.body(key: edit.key, text: "{broken")))
        #expect(model.status?.contains("does not parse") == true)
        // The whole file only opens without unsaved edits, which the editor could not see.
        Fixtures.press([.character("[")], &model)
        effects = Fixtures.press([.character("E")], &model)
        #expect(effects.isEmpty && model.status?.hasPrefix("Save (s) the unsaved edits first") == true)
        _ = model.update(.editorFinished(.failed("Not applied: r.yaml:3:1: error: bad. E opens your edit again; the file is unchanged.")))
        #expect(model.status == "Not applied: r.yaml:3:1: error: bad. E opens your edit again; the file is unchanged.")
    }
}

@Suite("A large JSON body is checked off the UI, one check at a time")
struct LargeBodyCheckTests {
    @Test func typingIntoALargeBodyChecksItInTheBackground() {
        let big = "[" + (0..<20_000).map { "{\"id\": \($0)}" }.joined(separator: ",") + "]"
        #expect(big.utf8.count > BodyEditor.inlineCheckLimit)
        let request = RequestSpec(name: "Big", slug: "big", method: "POST", url: "/big", body: .json(big), file: "/nonexistent/big.yaml")
        let root = FolderSpec(name: "Bench", slug: "Bench", requests: [request], directory: "/nonexistent")
        var model = ExplorerModel(collections: [CollectionSpec(root: root, environments: [])])
        Fixtures.press([.down, .tab, .character("]"), .character("i")], &model)
        var effects = Fixtures.press([.character("x")], &model)
        guard case let .checkJSON(id, text)? = effects.first else { Issue.record("expected a background check, got \(effects)"); return }
        #expect(text.hasPrefix("x[") && model.requestEditor.edit?.body?.pendingCheck == id)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("JSON checking…") })
        // Keys typed while it runs start no second check; its result then starts one for them.
        #expect(Fixtures.press([.backspace], &model).isEmpty && model.requestEditor.edit?.body?.needsCheck == true)
        effects = model.update(.jsonChecked(id: id, error: JSONTemplate.validate(text)))
        guard case let .checkJSON(second, latest)? = effects.first else { Issue.record("expected the next check, got \(effects)"); return }
        #expect(latest == big)
        _ = model.update(.jsonChecked(id: second, error: nil))
        #expect(model.requestEditor.edit?.body?.jsonError == nil && model.requestEditor.edit?.body?.pendingCheck == nil)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("JSON ✓ valid") })
    }
}
