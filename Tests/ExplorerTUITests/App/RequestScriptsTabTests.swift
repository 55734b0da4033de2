import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("The request's Scripts tab: before and after scripts edited with a syntax check, saved with s")
struct RequestScriptsTabTests {
    /// Who am I selected, the request pane focused on its Scripts tab; `scripts` are the request's own.
    private func model(_ scripts: ScriptsSpec = ScriptsSpec(), folder: ScriptsSpec = ScriptsSpec()) -> ExplorerModel {
        var collection = ChecksTabTests.collection()
        collection.root.requests[1].scripts = scripts
        collection.root.scripts = folder
        var model = ChecksTabTests.model(collection)
        model.focus = .request
        model.requestEditor.tab = .scripts
        return model
    }

    private func screen(_ model: ExplorerModel) -> [String] { ExplorerView.render(model).lines }

    private func draft(_ model: ExplorerModel) -> RequestSpec? { model.requestEditor.drafts["Flow/whoami"]?.edited }

    /// The id of the `.checkScript` effect among `effects`, and the text it checks.
    private func check(in effects: [AppEffect]) -> (id: Int, text: String)? {
        for effect in effects { if case let .checkScript(id, text) = effect { return (id, text) } }
        return nil
    }

    @Test func theTabShowsBothScriptsAndWhatTheCollectionAdds() {
        let before = ScriptText(.inline("pm.request.headers.upsert({key: \"X-Id\", value: crypto.randomUUID()})\nconsole.log(\"sent\")"))
        let model = model(ScriptsSpec(before: before, after: ScriptText(.file("check.js"))),
                          folder: ScriptsSpec(before: ScriptText(.inline("pm.variables.set(\"n\", 1)"))))
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "request_scripts_tab_100x30")
        let lines = screen(model)
        #expect(lines.contains { $0.contains("Before   inline, 2 lines") })
        #expect(lines.contains { $0.contains("After    file: check.js") })
        #expect(lines.contains { $0.contains("Also runs: collection before") })
        #expect(lines.contains { $0.contains("pm.request.headers.upsert({key: \"X-Id\"") })
    }

    @Test func aScriptIsWrittenCheckedAsTypedAndSaved() throws {
        var model = model()
        #expect(screen(model).contains { $0.contains("No before script. For example:") })
        var effects = Fixtures.press([.character("i")] + Fixtures.typing("pm.environment.set(\"id\", "), &model)
        #expect(model.requestEditor.edit?.body?.script == .before)
        // One check runs at a time: the first key asked for one, the rest wait for its answer.
        let first = try #require(check(in: effects))
        #expect(first.text == "p")
        #expect(screen(model).contains { $0.contains("Before checking…  editing (Esc done)") })
        effects = Fixtures.deliver(.scriptChecked(id: first.id, verdict: .compiles), &model)
        let second = try #require(check(in: effects))
        #expect(second.text == "pm.environment.set(\"id\", ")
        let error = ScriptSyntaxVerdict.error(message: "SyntaxError: Unexpected end of script", line: 1, column: 26)
        #expect(Fixtures.deliver(.scriptChecked(id: second.id, verdict: error), &model).isEmpty)
        #expect(screen(model).contains { $0.contains("✗ line 1, column 26: SyntaxError: Unexpected end of script") })
        // A late answer for a check that was not the last changes nothing.
        _ = Fixtures.deliver(.scriptChecked(id: first.id, verdict: .compiles), &model)
        #expect(model.requestEditor.edit?.body?.scriptVerdict == error)

        Fixtures.press([.escape], &model)
        #expect(model.status?.contains("The script does not compile (line 1, column 26: SyntaxError") == true)
        #expect(draft(model)?.scripts.before == ScriptText(.inline("pm.environment.set(\"id\", \n")))
        #expect(draft(model)?.scripts.before?.location.file == "/tmp/none/whoami.yaml")

        // The after script: j moves to it, Enter writes it, Esc keeps it in the draft, s saves both.
        Fixtures.press([.character("j"), .enter] + Fixtures.typing("pm.test(\"ok\", () => {})") + [.escape], &model)
        #expect(draft(model)?.scripts.after == ScriptText(.inline("pm.test(\"ok\", () => {})\n")))
        #expect(screen(model).contains { $0.contains("After    inline, 1 line") })
        effects = Fixtures.press([.character("s")], &model)
        guard case let .save(key, request, saved, _)? = effects.first else {
            Issue.record("expected a save, got \(effects)")
            return
        }
        #expect(key == "Flow/whoami" && request.changedKeys(from: saved) == ["scripts"])
    }

    @Test func deletingAndEmptyingAScriptLeavesNone() {
        var model = model(ScriptsSpec(before: ScriptText(.inline("console.log(1)")), after: ScriptText(.inline("console.log(2)"))))
        Fixtures.press([.character("d")], &model)
        #expect(draft(model)?.scripts == ScriptsSpec(after: ScriptText(.inline("console.log(2)"))))
        #expect(model.status == "Deleted the before script; press s to save.")
        Fixtures.press([.character("d")], &model)
        #expect(model.status == "No before script to delete.")
        // Emptied in the editor, the after script is gone too.
        Fixtures.press([.character("j"), .character("i"), .control("a"), .control("k"), .escape], &model)
        #expect(draft(model)?.scripts.isEmpty == true)
    }

    @Test func aFileScriptsPathIsEditedAndKeptInsideTheCollection() {
        var model = model(ScriptsSpec(after: ScriptText(.file("check.js"))))
        Fixtures.press([.character("j"), .character("i")], &model)
        #expect(model.requestEditor.edit?.value?.target == .scriptFile(.after))
        #expect(model.requestEditor.edit?.value?.field.text == "check.js")
        Fixtures.press([.control("u")] + Fixtures.typing("../outside.js") + [.enter], &model)
        #expect(model.status == "A script file is named relative to the collection and stays inside it. Esc cancels.")
        #expect(model.requestEditor.edit?.value != nil)
        Fixtures.press([.control("u")] + Fixtures.typing("scripts/check.js") + [.enter], &model)
        #expect(draft(model)?.scripts.after == ScriptText(.file("scripts/check.js")))
        #expect(model.requestEditor.edit == nil)
        // E hands an inline script to $EDITOR, not a file one.
        #expect(Fixtures.press([.character("E")], &model).isEmpty)
        #expect(model.status?.hasPrefix("A file script is edited as a file") == true)
        let effects = Fixtures.press([.character("k"), .character("E")], &model)
        guard case let .openEditor(edit)? = effects.first else {
            Issue.record("expected the editor, got \(effects)")
            return
        }
        #expect(edit.target == .script(.before) && edit.text.isEmpty)
        Fixtures.deliver(.editorFinished(.script(key: "Flow/whoami", phase: .before, text: "console.log(\"from vi\")")), &model)
        #expect(draft(model)?.scripts.before == ScriptText(.inline("console.log(\"from vi\")\n")))
        #expect(model.status == "The before script was updated from the editor; press s to save.")
    }
}
