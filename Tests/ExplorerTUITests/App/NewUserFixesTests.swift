import ExplorerChecks
import ExplorerCore
import ExplorerFormats
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("What a new user tripped over (issue 26)")
struct NewUserFixesTests {
    /// The fixture model with `Demo/users/get-user`'s response on screen.
    func withResponse(_ body: String) -> ExplorerModel {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        Fixtures.deliver(.responseReceived(id: model.session.nextSendID - 1, Fixtures.summary(body)), &model)
        return model
    }

    /// Item 5: the response of a renamed (or moved) request is titled by its new key.
    @Test func aRenamedRequestsResponseIsTitledByItsNewName() {
        var model = withResponse(#"{"id": 1}"#)
        #expect(model.responseView.key == "Demo/users/get-user")
        var renamed = Fixtures.collection
        renamed.root.folders[0].requests[0].name = "Fetch user"
        renamed.root.folders[0].requests[0].slug = "fetch-user"
        _ = model.update(.treeChanged(CollectionLoadResult(collections: [renamed]), select: "Demo/users/fetch-user",
                                      movedFrom: "Demo/users/get-user", message: "Renamed"))
        #expect(model.responseView.key == "Demo/users/fetch-user")
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Response · Demo/users/fetch-user") && !screen.contains("get-user"))
    }

    /// Item 7: with a JSONPath filter applied, y copies the selection, even from a body too big to copy whole.
    @Test func copyingWithAFilterCopiesWhatIsShown() throws {
        let big = "{\"pad\": \"" + String(repeating: "x", count: 5 << 20) + "\", \"id\": 7}"
        var model = withResponse(big)
        Fixtures.press([.tab, .tab], &model)
        let refused = Fixtures.press([.character("y")], &model)
        #expect(refused.isEmpty && model.status?.contains("too large") == true, "the whole body is over the limit")
        Fixtures.press([.character("f")] + Fixtures.typing("$.id") + [.enter], &model)
        _ = model.update(.bodyFiltered(id: model.responseView.bodyView.nextSearchID - 1, result: .success(FilteredBody(data: Data("[7]".utf8), count: 1))))
        #expect(model.responseView.bodyView.filtered != nil)
        let effects = Fixtures.press([.character("y")], &model)
        guard case let .copy(text, what)? = effects.first else { Issue.record("expected a copy, got \(effects), status \(model.status ?? "")"); return }
        #expect(text.filter { !$0.isWhitespace } == "[7]" && what.hasPrefix("the filtered body ($.id)"))
    }

    /// Item 13: a cancelled request says so, with how long it ran, not that it failed.
    @Test func aCancelledRequestSaysHowLongItRan() {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        guard case let .sending(_, started) = model.responseView.state else { Issue.record("not sending"); return }
        _ = model.update(.ticked(started.addingTimeInterval(1.2)))
        Fixtures.press([.escape], &model)
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Cancelled after 1.2 s") && !screen.contains("Request failed"))
    }

    /// Item 13: y in the export overlay copies the export shown.
    @Test func yInTheExportCopiesIt() throws {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down], &model)
        guard case let .export(id, resolver, format)? = Fixtures.press([.character("x")], &model).first else { Issue.record("no export"); return }
        let text = RequestExporter().export(try resolver.resolve(), as: format)
        _ = model.update(.exported(id: id, format: format, text: text))
        let effects = Fixtures.press([.character("y")], &model)
        guard case let .copy(copied, what)? = effects.first else { Issue.record("expected a copy, got \(effects)"); return }
        #expect(copied == text.trimmingCharacters(in: .newlines) && what == "the curl export")
        #expect(model.modal?.toolPanel != nil, "the export stays open")
    }

    /// Item 21: a space typed in the URL's query is taken, as in the Params table; one in the path is still refused.
    @Test func aSpaceInTheQueryIsEncodedLikeInParams() throws {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down, .tab, .character("u"), .control("u")] + Fixtures.typing("/search?q=hello world") + [.enter], &model)
        let request = model.selectedRequest?.located.request
        #expect(request?.url == "/search" && request?.query.last == KeyValue("q", "hello world"), "\(model.status ?? "")")
        #expect(try model.selectedResolver?.previewURLString().hasSuffix("/search?q=hello%20world") == true)
        Fixtures.press([.character("u"), .control("u")] + Fixtures.typing("/a b") + [.enter], &model)
        #expect(model.status?.contains("%20") == true && model.requestEditor.edit?.url != nil)
    }

    /// Item 6: every overlay's hint line shows its own keys, from the key map: the history list its own, not the
    /// request pane's; a comparison no export format key.
    @Test func everyOverlaysHintLineShowsItsOwnKeys() {
        var model = Fixtures.model(width: 160, height: 30)
        Fixtures.press([.character("j"), .right, .down, .tab], &model)
        _ = model.update(.historyOpened)
        let paneHints = ExplorerView.render(model).lines.last ?? ""
        #expect(paneHints.contains("edit"), "the request pane's own hints: \(paneHints)")
        Fixtures.press([.character("H")], &model)
        #expect(model.modal?.historyPanel != nil)
        let historyHints = ExplorerView.render(model).lines.last ?? ""
        #expect(historyHints.contains("send it again exactly") && historyHints.contains("close") && historyHints != paneHints,
                "\(historyHints)")
        Fixtures.press([.escape, .backTab, .character("D"), .enter], &model)
        guard case let .comparing(id, _, _, _)? = model.modal?.toolPanel else { Issue.record("not comparing: \(String(describing: model.modal))"); return }
        _ = model.update(.compared(id: id, lines: [ComparisonLine(.same, "Status: same (200 OK)")]))
        let compareHints = ExplorerView.render(model).lines.last ?? ""
        #expect(!compareHints.contains("format") && compareHints.contains("copy what is shown") && compareHints.contains("close"), "\(compareHints)")
    }

    /// Item 22: a dialog is as wide as its note needs, up to the screen, and wraps the note when the screen is narrower.
    @Test func aDialogIsSizedToItsNote() {
        var model = Fixtures.model(width: 120, height: 30)
        Fixtures.press([.character("j"), .right, .down, .character("r")], &model)
        let wide = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(wide.contains("y renames get-user.yaml to match · Enter: rename · Esc: cancel"), "\(wide)")
        _ = model.update(.resized(width: 60, height: 30))
        let narrow = ExplorerView.render(model).lines.joined(separator: " ")
        for word in ["renames", "get-user.yaml", "match", "Enter:", "rename", "Esc:", "cancel"] {
            #expect(narrow.contains(word), "\(word) is cut off")
        }
    }

    /// Item 8: the resolved URL line follows the URL as it is typed, before Enter.
    @Test func theResolvedURLFollowsTheTyping() {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down, .tab, .character("u"), .control("u")] + Fixtures.typing("/orders?state=open now"), &model)
        #expect(model.requestEditor.edit?.url != nil, "still typing")
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("→ http://127.0.0.1:8787/orders?state=open%20now"), "\(screen)")
    }

    /// Item 15: in the request pane Enter edits the selected row (or the body, or a field) and never sends; Ctrl-J sends
    /// from any pane; the focused pane shows a ▶ and a reversed title, without colour.
    @Test func enterInTheRequestPaneEditsAndCtrlJSends() {
        var model = Fixtures.model(width: 100, height: 30)
        // The second request has a JSON body.
        Fixtures.press([.character("j"), .right, .down, .down, .tab], &model)
        #expect(model.focus == .request)
        let edited = Fixtures.press([.enter], &model)
        #expect(model.requestEditor.edit?.row != nil, "Enter on a table row edits it")
        #expect(!edited.contains { if case .send = $0 { true } else { false } })
        Fixtures.press([.escape], &model)
        for _ in 0..<RequestTab.allCases.count where model.requestEditor.tab != .body { Fixtures.press([.character("]")], &model) }
        #expect(model.requestEditor.tab == .body)
        Fixtures.press([.enter], &model)
        #expect(model.requestEditor.edit?.body != nil, "Enter on the Body tab opens the body editor")
        Fixtures.press([.escape], &model)
        let sent = Fixtures.press([.control("j")], &model)
        #expect(sent.contains { if case .send = $0 { true } else { false } })
        let lines = ExplorerView.render(model).lines
        #expect(lines.contains { $0.contains("┌  Collections") && $0.contains("┌▶ ") }, "the request pane is marked, the tree is not")
    }

    /// Item 14: a table row is edited in place, its name and value cells becoming the fields; a new row is edited on
    /// the line after the last.
    @Test func aTableRowIsEditedInItsOwnCells() {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down, .tab], &model)
        for _ in 0..<RequestTab.allCases.count where model.requestEditor.tab != .headers { Fixtures.press([.character("]")], &model) }
        let before = ExplorerView.render(model).lines
        guard let row = before.firstIndex(where: { $0.contains("Accept") && $0.contains("application/json") }) else {
            Issue.record("no Accept row in\n\(before.joined(separator: "\n"))")
            return
        }
        // An inherited header opens on its value (the edit overrides it).
        Fixtures.press([.enter, .control("u")] + Fixtures.typing("text/plain"), &model)
        let editing = ExplorerView.render(model).lines
        #expect(editing[row].contains("Accept") && editing[row].contains("text/plain"), "edited where the row is: \(editing[row])")
        #expect(!editing.contains { $0.contains("Edit:") || $0.contains("New:") }, "no edit line elsewhere")
        let name = editing[row].range(of: "Accept").map { editing[row].distance(from: editing[row].startIndex, to: $0.lowerBound) }
        let beforeName = before[row].range(of: "Accept").map { before[row].distance(from: before[row].startIndex, to: $0.lowerBound) }
        #expect(name != nil && name == beforeName, "the name field is the name cell")
        Fixtures.press([.escape, .character("a")] + Fixtures.typing("X-New"), &model)
        let adding = ExplorerView.render(model).lines
        let last = before.lastIndex { $0.contains("X-Request") } ?? row
        #expect(adding.firstIndex { $0.contains("X-New") } == last + 1, "a new row comes after the last:\n\(adding.joined(separator: "\n"))")
    }

    /// Item 17: with the URL cursor on a {{name}} the line below says its value (masked when secret) and where it comes
    /// from; an undefined one says so, and is underlined in the URL and in tables, so it shows without colour.
    @Test func theVariableUnderTheURLCursorShowsItsValue() {
        var model = Fixtures.model(width: 140, height: 30)
        Fixtures.press([.character("j"), .right, .down, .tab, .character("u"), .end, .left, .left, .left], &model)
        var screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("{{userId}} = 1  (collection)"), "\(screen)")
        Fixtures.press([.end] + Fixtures.typing("?t={{token}}"), &model)
        screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("{{token}} = \(SecretMasker.mask)  (environment local, secret)") && !screen.contains("s3cr3t"), "\(screen)")
        Fixtures.press(Fixtures.typing("&m={{missing}}"), &model)
        let buffer = ExplorerView.render(model)
        screen = buffer.lines.joined(separator: "\n")
        #expect(screen.contains("✗ {{missing}} is not defined in environment local; Tab completes a name"), "\(screen)")
        Fixtures.press([.enter], &model)
        for _ in 0..<RequestTab.allCases.count where model.requestEditor.tab != .params { Fixtures.press([.character("[")], &model) }
        // In the Params table the undefined one is underlined, the defined one not.
        let table = ExplorerView.render(model)
        // The x of `text` on row `y`, in cells (the tree beside it has wide characters).
        func x(of text: String, onRowWith marker: String) -> (x: Int, y: Int)? {
            guard let y = table.lines.firstIndex(where: { $0.contains(marker) && !$0.contains("GET") && !$0.contains("→") }),
                  let range = table.lines[y].range(of: text) else { return nil }
            return (table.lines[y][..<range.lowerBound].reduce(0) { $0 + DisplayWidth.width(of: $1) }, y)
        }
        guard let (column, row) = x(of: "{{missing}}", onRowWith: "✓ m "), let (knownColumn, known) = x(of: "{{token}}", onRowWith: "✓ t ") else {
            Issue.record("no Params rows in\n\(table.lines.joined(separator: "\n"))")
            return
        }
        #expect(table.cell(x: column, y: row)?.style.attributes.contains(.underline) == true, "\(String(describing: table.cell(x: column, y: row))) \(column) \(row) \(table.lines[row])")
        #expect(table.cell(x: knownColumn, y: known)?.style.attributes.contains(.underline) == false)
    }
}
