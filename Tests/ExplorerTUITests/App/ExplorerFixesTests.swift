import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Explorer defects found from outside (issue 14, items 13-21)")
struct ExplorerFixesTests {
    func received(_ body: String, contentType: String = "application/json", _ model: inout ExplorerModel) {
        Fixtures.press([.character("G"), .enter], &model)
        let summary = Fixtures.summary(body, contentType: contentType)
        Fixtures.deliver(.responseReceived(id: model.session.nextSendID - 1, summary), &model)
    }

    @Test func notesAboutTheBodyTakeNoLineNumber() {
        var model = Fixtures.model(width: 100, height: 30)
        received("{\"a\": 1,\n\"b\": oops}", &model)
        let lines = ExplorerView.render(model).lines
        let note = lines.firstIndex { $0.contains("not valid JSON") }
        #expect(note != nil)
        if let note {
            #expect(!lines[note].contains("│ 1 "), "the note is not line 1: \(lines[note])")
            #expect(lines[note + 1].contains("│1 {\"a\": 1,") && lines[note + 2].contains("│2 \"b\": oops}"), "\(lines.joined(separator: "\n"))")
        }
    }

    @Test func theTreeFilterStartsAfreshAndSaysWhenNothingMatches() {
        var model = Fixtures.model()
        Fixtures.press([.character("/")] + Fixtures.typing("user") + [.enter, .character("/")], &model)
        #expect(model.tree.filterField?.text == "" && model.tree.filter.isEmpty)
        Fixtures.press(Fixtures.typing("zzz"), &model)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("No matches for \"zzz\"") })
    }

    @Test func aSecretThatIsNotSetSaysSoAndExportWarns() {
        var collection = Fixtures.collection
        collection.environments[0].variables = [Variable(name: "token", value: "", secret: true)]
        collection.root.auth = .bearer(token: "{{token}}")
        var model = ExplorerModel(collections: [collection])
        Fixtures.press([.character("e")], &model)
        let picker = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(picker.contains("token = (not set)") && !picker.contains("token = ••••••"))
        Fixtures.press([.escape, .character("G"), .character("x")], &model)
        #expect(model.status == "Warning: the bearer token is empty ({{token}} is not set); e shows the environment.")
    }

    @Test func variablesSetOnTheCommandLineWin() {
        var model = Fixtures.model()
        model.session.overrides = [Variable(name: "userId", value: "42")]
        Fixtures.press([.character("j"), .right, .down], &model)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("→ http://127.0.0.1:8787/users/42") })
    }

    @Test func noDoubledTextInTheTreeOrSearchMessages() {
        var collection = Fixtures.collection
        collection.root.requests.append(RequestSpec(name: "POST /anything/orders", slug: "post-anything-orders", method: "POST",
                                                    url: "/anything/orders", file: "/tmp/none/post.yaml"))
        var model = ExplorerModel(collections: [collection], width: 120, height: 30)
        let tree = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(tree.contains("POST   /anything/orders") && !tree.contains("POST   POST"), "\(tree)")
        received("[\"item 1\"]", &model)
        Fixtures.press([.tab, .tab, .character("/")] + Fixtures.typing("\"item 9999\"") + [.enter], &model)
        #expect(model.status == "No match for \"item 9999\"")
    }

    @Test func overlaysShowTheirOwnKeysAndWrapIsShown() {
        var model = Fixtures.model()
        Fixtures.press([.character("e")], &model)
        #expect(ExplorerView.render(model).lines.last?.contains("Enter switch") == true)
        Fixtures.press([.escape, .character("?")], &model)
        #expect(ExplorerView.render(model).lines.last?.contains("any other key close") == true)
        Fixtures.press([.escape], &model)
        received("[1]", &model)
        Fixtures.press([.tab, .tab, .character("w")], &model)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("200 OK") && $0.contains("[wrap]") })
    }

    @Test func aWideOverlayLeavesNoStrayCornersAtTheEdges() {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down, .character("x")], &model)
        let lines = ExplorerView.render(model).lines
        let top = lines.firstIndex { $0.contains("Export as curl") }
        #expect(top != nil)
        if let top {
            #expect(lines[top].hasPrefix("┌") && lines[top].hasSuffix("┐"), "\(lines[top])")
            #expect(lines[top + 1].hasPrefix("│") && lines[top + 1].hasSuffix("│") && !lines[top + 1].hasSuffix("│r│"))
        }
    }
}

@Suite("Comforts: copy, save the body, open it in a pager (issue 14, items 23-24)")
struct ComfortTests {
    func withResponse(_ body: String = "{\"name\": \"Ada\"}", contentType: String = "application/json") -> ExplorerModel {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        let summary = Fixtures.summary(body, contentType: contentType, extraHeaders: [("X-Id", "7")])
        Fixtures.deliver(.responseReceived(id: model.session.nextSendID - 1, summary), &model)
        return model
    }

    @Test func yCopiesWhatThePaneShows() {
        var model = withResponse()
        Fixtures.press([.tab, .tab], &model)
        guard case let .copy(body, what)? = Fixtures.press([.character("y")], &model).first else { Issue.record("expected a copy"); return }
        #expect(body == "{\n  \"name\": \"Ada\"\n}" && what == "the body (19 B)")
        Fixtures.press([.character("]")], &model)
        guard case let .copy(headers, _)? = Fixtures.press([.character("y")], &model).first else { Issue.record("expected a copy"); return }
        #expect(headers == "Content-Type: application/json\nX-Id: 7")
        Fixtures.press([.backTab], &model)
        guard case let .copy(url, _)? = Fixtures.press([.character("]"), .character("y")], &model).first else { Issue.record("expected a copy"); return }
        #expect(url == "http://127.0.0.1:8787/users/1")
        Fixtures.press([.character("["), .character("j")], &model)
        guard case let .copy(header, _)? = Fixtures.press([.character("y")], &model).first else { Issue.record("expected a copy"); return }
        #expect(header == "X-Request: collection")
        guard case .copyRequest? = Fixtures.press([.character("Y")], &model).first else { Issue.record("expected a curl copy"); return }
        // Delivered back to the loop, the curl text becomes a copy, whose result goes to the status line.
        #expect(model.update(.copyReady(text: "curl x", what: "the request as curl")).count == 1)
        _ = model.update(.reported(.notSaved(reason: "Copied the body to the clipboard (OSC 52).")))
        #expect(model.status == "Copied the body to the clipboard (OSC 52).")
    }

    @Test func aBinaryBodyIsSavedNotCopiedAndThePagerGetsTheBody() {
        var model = withResponse("\u{0}\u{1}PNG", contentType: "image/png")
        Fixtures.press([.tab, .tab], &model)
        #expect(Fixtures.press([.character("y")], &model).isEmpty && model.status?.hasPrefix("A binary body cannot be copied") == true)
        Fixtures.press([.character("S")], &model)
        guard case let .form(form)? = model.modal?.dialog else { Issue.record("expected the file form"); return }
        #expect(form.value(0) == "response.bin")
        guard case let .saveBody(data, path)? = Fixtures.press([.control("u")] + Fixtures.typing("/tmp/x.png") + [.enter], &model).first else {
            Issue.record("expected a save")
            return
        }
        #expect(data == Data("\u{0}\u{1}PNG".utf8) && path == "/tmp/x.png")
        guard case .openPager? = Fixtures.press([.character("o")], &model).first else { Issue.record("expected the pager"); return }
    }
}

@Suite("The mouse: clicks pick panes, rows and tabs; the wheel scrolls (issue 14, item 25)")
struct MouseTests {
    @Test func clicksSelectTreeRowsTabsAndTableRowsAndNeverSend() {
        var model = Fixtures.model()
        // Row 2 of the screen is the first tree row (Demo); row 3 is Users, which a click opens.
        var effects = Fixtures.press([.mouse(MouseEvent(.click, x: 5, y: 3))], &model)
        #expect(effects.isEmpty && model.treeRows.map(\.title) == ["Demo", "Users", "Get user", "Create 用户 🚀", "Status"])
        effects = Fixtures.press([.mouse(MouseEvent(.click, x: 8, y: 4))], &model)
        #expect(effects.isEmpty && model.tree.selectedRequestKey == "Demo/users/get-user")
        if case .idle = model.responseView.state {} else { Issue.record("a click does not send") }
        // The request pane's tab row is 3 rows under its top border: click "Auth".
        let layout = ScreenLayout(width: 80, height: 24, settings: LayoutSettings(stack: .never))
        let tabs = Tabs(titles: RequestTab.allCases.map { StyledLine($0.title) }, selectedIndex: 0)
        let x = (0..<60).first { tabs.index(atColumn: $0, width: layout.request.width - 2) == RequestTab.auth.rawValue } ?? 0
        Fixtures.press([.mouse(MouseEvent(.click, x: layout.request.x + 1 + x, y: layout.request.y + 3))], &model)
        #expect(model.focus == .request && model.requestEditor.tab == .auth)
        // Back to Headers, then a click on its third row selects it.
        let headersX = (0..<60).first { tabs.index(atColumn: $0, width: layout.request.width - 2) == RequestTab.headers.rawValue } ?? 0
        Fixtures.press([.mouse(MouseEvent(.click, x: layout.request.x + 1 + headersX, y: layout.request.y + 3)),
                        .mouse(MouseEvent(.click, x: layout.request.x + 5, y: layout.request.y + 4 + 3))], &model)
        #expect(model.requestEditor.tab == .headers && model.requestEditor.selection == 2)
    }

    @Test func theWheelScrollsThePaneUnderThePointer() {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right], &model)
        Fixtures.press([.mouse(MouseEvent(.wheelDown, x: 3, y: 5))], &model)
        #expect(model.focus == .tree && model.tree.cursor == 4)
        Fixtures.press([.mouse(MouseEvent(.wheelUp, x: 3, y: 5))], &model)
        #expect(model.tree.cursor == 1)
        // While a field is open the mouse does nothing.
        Fixtures.press([.character("/"), .mouse(MouseEvent(.wheelDown, x: 3, y: 5))], &model)
        #expect(model.tree.cursor == 1 && model.tree.filterField != nil)
    }
}

@Suite("JSON strings with \\u escapes shown decoded, U for the literal form (issue 14, item 22)")
struct EscapeDisplayTests {
    @Test func escapesAreDecodedForDisplayAndUShowsThemAsWritten() {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        let body = #"{"name": "\u65e5\u672c", "bell": "\u0007"}"#
        let summary = Fixtures.summary(body)
        Fixtures.deliver(.responseReceived(id: model.session.nextSendID - 1, summary), &model)
        var screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("\"name\": \"日本\"") && screen.contains(#""bell": "\u0007""#))
        Fixtures.press([.tab, .tab, .character("U")], &model)
        screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains(#""name": "\u65e5\u672c""#) && screen.contains("[\\u as written]"))
        if case let .received(kept) = model.responseView.state { #expect(kept.data == Data(body.utf8), "the bytes are unchanged") }
    }
}

@Suite("One overlay and one edit at a time")
struct ModalStateTests {
    @Test func openingOneClosesAnotherAndALateAnswerForAClosedOneChangesNothing() {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .character("j")], &model)
        let effects = Fixtures.press([.character("x")], &model)
        guard case let .export(id, _, _)? = effects.first, case .exporting? = model.modal?.toolPanel else {
            Issue.record("expected an export, got \(effects)"); return
        }
        Fixtures.press([.escape, .character("e")], &model)
        #expect(model.modal == .environmentPicker(selection: 0))
        // The export's answer comes after its panel closed and the picker opened: the picker stays.
        _ = model.update(.exported(id: id, format: .curl, text: "curl http://x"))
        #expect(model.modal == .environmentPicker(selection: 0))
        Fixtures.press([.escape, .character("?")], &model)
        #expect(model.modal == .help(scroll: 0))
        Fixtures.press([.character("q")], &model)
        #expect(model.modal == nil, "any key closes the help")
    }
}

@Suite("The response's JSON filter: a JSONPath typed live, run off the UI (issue 14, item 26)")
struct JSONFilterTests {
    @Test func typingAPathFiltersTheBodyAndEscRemovesIt() throws {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        let body = #"{"users": [{"name": "Ada", "age": 36}, {"name": "Grace", "age": 85}], "price": 1.10}"#
        let summary = Fixtures.summary(body)
        Fixtures.deliver(.responseReceived(id: model.session.nextSendID - 1, summary), &model)
        Fixtures.press([.tab, .tab, .character("f")], &model)
        #expect(model.responseView.bodyView.filterField?.text == "", "empty, so a whole path typed from $ is not $$…")
        // A path that does not parse says where; nothing runs. One typed from `.` is read from the root.
        var effects = Fixtures.press(Fixtures.typing(".users[?"), &model)
        #expect(model.responseView.bodyView.filterError?.contains("column") == true)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("✗") && $0.contains("column") })
        // Each edit that parses runs off the UI; only the newest result counts.
        effects = Fixtures.press([.backspace, .backspace] + Fixtures.typing("[*].name"), &model)
        let runs = effects.compactMap { effect -> (Int, String)? in if case let .filterBody(id, _, path) = effect { (id, path) } else { nil } }
        #expect(runs.last?.1 == "$.users[*].name")
        let (staleID, staleData, _) = try #require(effects.compactMap { effect -> (Int, Data, String)? in
            if case let .filterBody(id, data, path) = effect { (id, data, path) } else { nil } }.first)
        let latest = try #require(runs.last)
        _ = model.update(.bodyFiltered(id: staleID, result: .success(FilteredBody(data: staleData, count: 1))))
        #expect(model.responseView.bodyView.filtered == nil, "a stale result is ignored")
        let selected = try JSONPath(latest.1).select(in: Data(body.utf8))
        let array = "[" + selected.map(\.value).joined(separator: ",") + "]"
        _ = model.update(.bodyFiltered(id: latest.0, result: .success(FilteredBody(data: Data(array.utf8), count: selected.count))))
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("\"Ada\"") && screen.contains("\"Grace\"") && !screen.contains("\"age\""))
        #expect(screen.contains("[filter $.users[*].name: 2]") && model.status == "2 values for $.users[*].name")
        // An edit that does not parse says why and shows the body, never the last good filter's count under it.
        Fixtures.press(Fixtures.typing("[["), &model)
        let broken = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(model.responseView.bodyView.filterError != nil && !broken.contains(": 2]") && model.responseView.bodyView.filtered == nil, "\(broken)")
        Fixtures.press([.backspace, .backspace], &model)
        _ = model.update(.bodyFiltered(id: model.responseView.bodyView.pendingFilter ?? 0,
                                       result: .success(FilteredBody(data: Data(array.utf8), count: selected.count))))
        // Enter keeps it; f reopens with it; Esc removes it and the whole body is back.
        Fixtures.press([.enter, .character("f")], &model)
        #expect(model.responseView.bodyView.filterField?.text == "$.users[*].name")
        Fixtures.press([.escape], &model)
        #expect(model.responseView.bodyView.filtered == nil && ExplorerView.render(model).lines.joined().contains("\"age\": 36"))
    }

    @Test func theReadmesExampleTypedInFullFilters() {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        let body = #"{"items": [{"name": "cheap", "price": 5}, {"name": "dear", "price": 120}]}"#
        Fixtures.deliver(.responseReceived(id: model.session.nextSendID - 1, Fixtures.summary(body)), &model)
        let effects = Fixtures.press([.tab, .tab, .character("f")] + Fixtures.typing("$.items[?@.price > 99.5]"), &model)
        let paths = effects.compactMap { effect -> String? in if case let .filterBody(_, _, path) = effect { path } else { nil } }
        #expect(paths.last == "$.items[?@.price > 99.5]", "\(paths.suffix(2))")
        #expect(model.responseView.bodyView.filterError == nil, "\(model.responseView.bodyView.filterError ?? "")")
    }

    @Test func onlyJSONIsFiltered() {
        var model = Fixtures.model()
        Fixtures.press([.character("G"), .enter], &model)
        let summary = Fixtures.summary("hi", contentType: "text/plain")
        Fixtures.deliver(.responseReceived(id: model.session.nextSendID - 1, summary), &model)
        Fixtures.press([.tab, .tab, .character("f")], &model)
        #expect(model.responseView.bodyView.filterField == nil && model.status == "The filter takes JSON; this body is text.")
    }
}
