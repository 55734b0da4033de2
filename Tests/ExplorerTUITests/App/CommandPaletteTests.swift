import ExplorerCore
import ExplorerFormats
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("The command palette: what it lists, filtering, Enter, recency, drawing")
struct CommandPaletteTests {
    /// The fixture model with the palette opened by Ctrl-P and `text` typed.
    func opened(_ text: String = "", _ model: ExplorerModel = Fixtures.model()) -> ExplorerModel {
        var model = model
        Fixtures.press([.control("p")] + Fixtures.typing(text), &model)
        return model
    }

    func shownTexts(_ model: ExplorerModel) -> [String] {
        guard let palette = model.modal?.palette else { return [] }
        return palette.shown.map { palette.items[$0].text }
    }

    @Test func ctrlPOrAColonOpensItOnActionsRequestsAndEnvironments() throws {
        for key in [Key.control("p"), .character(":")] {
            var model = Fixtures.model()
            Fixtures.press([key], &model)
            let palette = try #require(model.modal?.palette)
            let kinds = Set(palette.items.map(\.target.kind))
            #expect(kinds == ["action", "request", "env", "export"])
            #expect(palette.items.contains { $0.text == "Get user  GET /users/{{userId}}  Demo/Users" })
            #expect(palette.items.contains { $0.text == "environment staging  Demo" })
            // Actions that need a place on screen are left out; the rest carry every key bound to them.
            #expect(!palette.items.contains { $0.target == .action(.moveDown, pane: .tree) })
            #expect(palette.items.contains { $0.target == .action(.quit, pane: nil) && $0.note == "q/Ctrl-C" })
        }
        var model = opened()
        Fixtures.press([.escape], &model)
        #expect(model.modal == nil)
    }

    @Test func typingPartOfAURLAndEnterSelectsThatRequestInItsOpenedFolder() throws {
        var model = opened("POST /us")
        #expect(shownTexts(model).first == "Create 用户 🚀  POST /users  Demo/Users")
        #expect(!model.tree.expanded.contains("Demo/users"))
        Fixtures.press([.enter], &model)
        #expect(model.modal == nil)
        #expect(model.tree.selectedRequestKey == "Demo/users/create")
        #expect(model.tree.expanded.contains("Demo/users"))
        #expect(model.focus == .tree)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("POST /users") })
    }

    @Test func theListNarrowsAsTypedAndBackspaceWidensIt() {
        var model = opened("stat")
        let narrow = shownTexts(model)
        #expect(narrow.first == "Status  DELETE https://other.example/status  Demo")
        #expect(!narrow.contains { $0.hasPrefix("Get user") })
        Fixtures.press([.backspace, .backspace, .backspace], &model)
        #expect(shownTexts(model).count > narrow.count)
        Fixtures.press(Fixtures.typing("zzzq"), &model)
        #expect(shownTexts(model).isEmpty)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("nothing matches") })
        _ = model.update(.keyPressed(.paste("x")))
        #expect(model.modal?.palette?.field.text == "szzzqx")
    }

    @Test func enterOnAnEnvironmentSwitchesToIt() {
        var model = opened("staging")
        Fixtures.press([.enter], &model)
        #expect(model.session.activeEnvironment["Demo"] == "staging")
        #expect(model.status == "Environment: staging")
    }

    @Test func enterOnAnActionRunsItInItsPane() {
        var model = opened("recent messages")
        Fixtures.press([.enter], &model)
        if case .messages? = model.modal {} else { Issue.record("expected the messages overlay, got \(String(describing: model.modal))") }
        model = opened("Response: wrap")
        Fixtures.press([.enter], &model)
        #expect(model.focus == .response && model.modal == nil)
    }

    @Test func enterOnAnExportRowExportsTheSelectedRequestInThatFormat() throws {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down], &model)
        model = opened("export the request as Go", model)
        let palette = try #require(model.modal?.palette)
        #expect(palette.selected?.target == .export(.go) && palette.selected?.note == "x")
        #expect(palette.items.filter { $0.target.kind == "export" }.count == ExportFormat.allCases.count)
        let effects = Fixtures.press([.enter], &model)
        guard case let .export(id, resolver, .go)? = effects.first else { Issue.record("expected a Go export, got \(effects)"); return }
        #expect(resolver.request.slug == "get-user" && model.modal?.toolPanel == .exporting(id: id, format: .go))
    }

    @Test func actionsShowTheKeysInForceAfterRebinding() throws {
        var model = Fixtures.model()
        let index = try #require(model.keyMap.global.firstIndex { $0.action == .showMessages })
        model.keyMap.global[index].keys = [.function(7)]
        model = opened("recent messages", model)
        let palette = try #require(model.modal?.palette)
        #expect(palette.selected?.note == "F7")
        #expect(ExplorerView.render(model).lines.contains { $0.contains("recent messages, in full") && $0.contains("F7") })
    }

    @Test func tiesGoToWhatWasPickedRecentlyAndAnEmptyQueryListsRecentFirst() {
        var model = opened("environment")
        #expect(shownTexts(model).prefix(2) == ["environment local  Demo", "environment staging  Demo"])
        Fixtures.press([.down, .enter], &model)
        model = opened("environment", model)
        #expect(shownTexts(model).prefix(2) == ["environment staging  Demo", "environment local  Demo"])
        Fixtures.press([.escape], &model)
        // A request sent is recent too.
        Fixtures.press([.character("G"), .enter], &model)
        let sent = model.tree.selectedRequestKey
        model = opened("", model)
        let palette = model.modal?.palette
        #expect(palette?.selected.map(\.id) == sent.map(PaletteItem.requestID))
        #expect(palette?.shown.dropFirst().first.map { palette?.items[$0].id } == "env:Demo/staging")
    }

    @Test func recentExchangesArriveFromHistoryAndEnterShowsOne() throws {
        var model = Fixtures.model()
        _ = model.update(.historyOpened)
        let effects = Fixtures.press([.control("p")], &model)
        guard case let .loadHistory(id, query)? = effects.last else { throw HistoryTestFailure("expected a history read, got \(effects)") }
        #expect(query.limit == CommandPalette.historyLimit && query.reference == nil)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("reading history…") })
        let entry = HistoryEntry(id: 7, sentAt: Date(), reference: "Demo/users/get-user", environment: "local", method: "GET",
                                 url: "http://127.0.0.1:8787/users/1", status: 404, duration: 0.01, size: 3, error: nil)
        _ = model.update(.historyListed(id: id, entries: [entry], environments: []))
        #expect(model.modal?.palette?.pending == nil)
        let chosen = Fixtures.press(Fixtures.typing("8787/users/1") + [.enter], &model)
        #expect(chosen.contains { if case .openExchange(_, 7) = $0 { true } else { false } })
    }

    @Test func theRowShowsItsKindAndHighlightsTheMatchedLetters() throws {
        let model = opened("stat")
        let buffer = ExplorerView.render(model)
        let lines = buffer.lines
        #expect(lines.contains { $0.contains("Command palette · ") })
        #expect(lines.contains { $0.contains("› stat") })
        let y = try #require(lines.firstIndex { $0.contains("request Status  DELETE https://other.example/status  Demo") })
        let line = Array(lines[y])
        let x = try #require((0..<line.count).first { String(line[$0..<min(line.count, $0 + 6)]) == "Status" })
        let matched = (x..<(x + 4)).map { buffer.cell(x: $0, y: y)?.style }
        let unmatched = buffer.cell(x: x + 4, y: y)?.style
        #expect(Set(matched.map { "\(String(describing: $0))" }).count == 1)
        #expect(matched[0] != unmatched)
        #expect(lines.contains { $0.contains("Enter runs or jumps · ↑↓ choose · Esc closes") })
    }
}
