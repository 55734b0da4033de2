import ExplorerChecks
import ExplorerCore
import ExplorerFormats
import ExplorerTUI
import Foundation
import Testing

@Suite("Explorer export (x) and compare (D) overlays")
struct ToolPanelTests {
    /// The fixture model with `Demo/users/get-user` selected.
    func selected() -> ExplorerModel {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down], &model)
        return model
    }

    @Test func xExportsTheSelectedRequestAsCurlAndTabCyclesFormats() throws {
        var model = selected()
        let effects = Fixtures.press([.character("x")], &model)
        guard case let .export(id, resolver, format)? = effects.first, effects.count == 1 else { Issue.record("expected an export, got \(effects)"); return }
        #expect(format == .curl && resolver.request.slug == "get-user")
        #expect(model.modal?.toolPanel == .exporting(id: id, format: .curl))
        // What the run loop does with the effect.
        let text = RequestExporter().export(try resolver.resolve(), as: format)
        _ = model.update(.exported(id: id, format: format, text: text))
        guard case let .exported(.curl, lines, 0)? = model.modal?.toolPanel else { Issue.record("not shown: \(String(describing: model.modal?.toolPanel))"); return }
        #expect(lines.first == "curl http://127.0.0.1:8787/users/1 \\")
        #expect(lines.contains("  -H 'X-Request: own' \\"))
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Export as curl") && screen.contains("curl http://127.0.0.1:8787/users/1"))

        let next = Fixtures.press([.tab], &model)
        guard case let .export(nextID, _, .swift)? = next.first else { Issue.record("Tab should export as Swift, got \(next)"); return }
        #expect(nextID != id)
        // The answer to the superseded export is ignored.
        _ = model.update(.exported(id: id, format: .curl, text: "stale"))
        #expect(model.modal?.toolPanel == .exporting(id: nextID, format: .swift))
        _ = model.update(.toolFailed(id: nextID, message: "variable x is not defined"))
        #expect(model.modal?.toolPanel == .failed(title: "Export as Swift", message: "variable x is not defined"))
        Fixtures.press([.escape], &model)
        #expect(model.modal?.toolPanel == nil)
        // Esc closed the overlay and did nothing else.
        if case .idle = model.responseView.state {} else { Issue.record("Esc reached the response: \(model.responseView.state)") }
    }

    @Test func tabGoesThroughEveryFormatAndBackToCurl() throws {
        var model = selected()
        var effects = Fixtures.press([.character("x")], &model)
        var seen: [ExportFormat] = []
        for _ in ExportFormat.allCases {
            guard case let .export(id, resolver, format)? = effects.first else { Issue.record("expected an export, got \(effects)"); return }
            seen.append(format)
            _ = model.update(.exported(id: id, format: format, text: RequestExporter().export(try resolver.resolve(), as: format)))
            effects = Fixtures.press([.tab], &model)
        }
        #expect(seen == [.curl, .swift, .http, .python, .javascript, .httpie, .wget, .java, .go])
        guard case .export(_, _, .curl)? = effects.first else { Issue.record("Tab after Go should come back to curl, got \(effects)"); return }
    }

    @Test func exportNeedsARequest() {
        var model = Fixtures.model()
        #expect(Fixtures.press([.character("x")], &model).isEmpty)
        #expect(model.modal?.toolPanel == nil && model.status == "Select a request in the tree first.")
    }

    @Test func anEnvironmentWhoseNameStartsWithAHashIsSentToNotReadFromHistory() {
        var model = Fixtures.model()
        model.modal = .tool(.comparing(id: 1, first: "#prod", second: "staging"))
        #expect(ExplorerView.render(model).lines.contains { $0.contains("Sending in both environments…") })
        model.modal = .tool(.comparing(id: 1, first: "#2", second: "#1", from: .history))
        #expect(ExplorerView.render(model).lines.contains { $0.contains("Reading from history…") })
    }

    @Test func capitalDComparesTheActiveEnvironmentWithAChosenOne() {
        var model = selected()
        #expect(Fixtures.press([.character("D")], &model).isEmpty)
        #expect(model.modal?.toolPanel == .choosingEnvironment(selection: 0))
        #expect(model.comparisonCandidates.map(\.name) == ["staging"])
        var screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Compare local with") && screen.contains("› staging"))
        let effects = Fixtures.press([.down, .enter], &model)
        guard case let .compare(id, first, second)? = effects.first, effects.count == 1 else { Issue.record("expected a compare, got \(effects)"); return }
        #expect(first.environment?.name == "local" && second.environment?.name == "staging")
        #expect(first.request.slug == "get-user" && second.request.slug == "get-user")
        #expect(model.modal?.toolPanel == .comparing(id: id, first: "local", second: "staging"))
        let report = [ComparisonLine(.removed, "--- local"), ComparisonLine(.added, "+++ staging"), ComparisonLine(.same, "Status: same (200 OK)"),
                      ComparisonLine(.changed, "  ~ $.id: 1 → 2")]
        _ = model.update(.compared(id: id + 1, lines: []))
        #expect(model.modal?.toolPanel == .comparing(id: id, first: "local", second: "staging"))
        _ = model.update(.compared(id: id, lines: report))
        #expect(model.modal?.toolPanel == .compared(title: "local ↔ staging", lines: report, scroll: 0))
        screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Compare local ↔ staging") && screen.contains("~ $.id: 1 → 2"))
        Fixtures.press([.character("q")], &model)
        #expect(model.modal?.toolPanel == nil)
    }

    @Test func compareNeedsTwoEnvironments() {
        var collection = Fixtures.collection
        collection.environments.removeLast()
        var model = ExplorerModel(collections: [collection])
        Fixtures.press([.character("j"), .right, .down, .character("D")], &model)
        #expect(model.modal?.toolPanel == nil && model.status == "Comparing needs a second environment in this collection.")
    }

    @Test func theKeysAreListedInHelp() {
        var model = Fixtures.model(width: 100, height: 40)
        Fixtures.press([.character("?")], &model)
        let help = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(help.contains("export the request") && help.contains("compare the request in two environments"))
    }
}
