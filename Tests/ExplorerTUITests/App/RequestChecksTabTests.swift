import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("The request's Checks tab: its needs, captures and checks edited as lines, saved with s")
struct RequestChecksTabTests {
    /// Who am I (needs login, checks status 200) selected, the request pane focused on its Checks tab.
    private func model() -> ExplorerModel {
        var model = ChecksTabTests.model()
        model.focus = .request
        model.requestEditor.tab = .checks
        return model
    }

    private func screen(_ model: ExplorerModel) -> [String] { ExplorerView.render(model).lines }

    private func draft(_ model: ExplorerModel) -> RequestSpec? { model.requestEditor.drafts["Flow/whoami"]?.edited }

    @Test func theTabListsTheRowsAndLinesAddEditAndDeleteThem() throws {
        var model = model()
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "request_checks_tab_100x30")
        #expect(screen(model).contains { $0.contains("needs    login") })
        #expect(screen(model).contains { $0.contains("check    status 200") })

        // A line that does not read stays in the editor with the reason.
        Fixtures.press([.character("a")] + Fixtures.typing("stat 200") + [.enter], &model)
        #expect(model.requestEditor.edit?.value != nil && model.status?.hasPrefix("✗ a check starts with status") == true)
        Fixtures.press([.control("u")] + Fixtures.typing("$.user.name equals \"Ada\"") + [.enter], &model)
        Fixtures.press([.character("a")] + Fixtures.typing("capture who = $.user.name") + [.enter], &model)
        #expect(draft(model)?.checks.map(\.summary) == ["status 200", "$.user.name equals \"Ada\""])
        #expect(draft(model)?.captures == [CaptureSpec(name: "who", source: .jsonPath("$.user.name"))])
        // The cursor is on the new capture (rows: needs, captures, checks): Space makes it secret.
        #expect(model.requestEditor.selection == 1)
        Fixtures.press([.character(" ")], &model)
        #expect(draft(model)?.captures.first?.secret == true)
        #expect(screen(model).contains { $0.contains("who = $.user.name  secret") })
        // Edit the status check, delete the need.
        Fixtures.press([.character("j"), .character("i"), .control("u")] + Fixtures.typing("status 2xx") + [.enter], &model)
        Fixtures.press([.character("k"), .character("k"), .character("d")], &model)
        #expect(draft(model)?.needs.isEmpty == true && draft(model)?.checks.first?.summary == "status 2xx")

        let effects = Fixtures.press([.character("s")], &model)
        guard case let .save(key, request, saved, _)? = effects.first else {
            Issue.record("expected a save, got \(effects)")
            return
        }
        #expect(key == "Flow/whoami" && request.changedKeys(from: saved) == ["needs", "captures", "checks"])
    }

    @Test func aRequestWithACheckThatCouldNotBeReadIsLeftToItsFile() {
        var collection = ChecksTabTests.collection()
        collection.root.requests[1].checks.append(CheckSpec(.invalid("whoami.yaml:9:5: unknown JSON type 'text'")))
        var model = ChecksTabTests.model(collection)
        model.focus = .request
        model.requestEditor.tab = .checks
        Fixtures.press([.character("a")], &model)
        #expect(model.requestEditor.edit == nil && model.status?.contains("could not be read; fix it in the file (E)") == true)
        #expect(screen(model).contains { $0.contains("✗ could not be read: whoami.yaml:9:5") })
    }

    @Test func cOnAJSONValueProposesItsCaptureInTheChecksTab() throws {
        var model = Fixtures.focusedOnResponse(Fixtures.summary(#"{"user":{"id":7,"name":"Ada"}}"#))
        // A body this short does not scroll: a search puts the line to capture under the cursor.
        Fixtures.press([.character("/")] + Fixtures.typing("\"id\"") + [.enter, .character("C")], &model)
        #expect(model.focus == .request && model.requestEditor.tab == .checks)
        #expect(model.requestEditor.edit?.value?.field.text == "capture id = $.user.id")
        Fixtures.press([.enter], &model)
        let key = try #require(model.tree.selectedRequestKey)
        #expect(model.requestEditor.drafts[key]?.edited?.captures == [CaptureSpec(name: "id", source: .jsonPath("$.user.id"))])
    }

    /// A WebSocket request's `messages:` check shows as `messages count 2` and is saved as it was spelt, whatever row
    /// was edited; a line typed in those words is a messages check too.
    @Test func aMessagesCheckStaysAMessagesCheck() throws {
        var collection = ChecksTabTests.collection()
        var check = CheckSpec(.events(count: 2, min: nil, max: nil))
        check.namesMessages = true
        collection.root.requests[1].checks = [check]
        var model = ChecksTabTests.model(collection)
        model.focus = .request
        model.requestEditor.tab = .checks
        #expect(screen(model).contains { $0.contains("check    messages count 2") })
        Fixtures.press([.character("a")] + Fixtures.typing("first message < 500 ms") + [.enter], &model)
        #expect(draft(model)?.checks.map(\.summary) == ["messages count 2", "first message < 500 ms"])
        #expect(draft(model)?.checks.map(\.namesMessages) == [true, true])
        let effects = Fixtures.press([.character("s")], &model)
        guard case let .save(_, request, _, _)? = effects.first else {
            Issue.record("expected a save, got \(effects)")
            return
        }
        #expect(request.checks.map(\.namesMessages) == [true, true])
    }
}
