import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Explorer update: messages in, state and effects out")
struct ExplorerModelTests {
    @Test func focusMovesWithTabAndShiftTab() {
        var model = Fixtures.model()
        #expect(model.focus == .tree)
        Fixtures.press([.tab], &model)
        #expect(model.focus == .request)
        Fixtures.press([.tab, .tab], &model)
        #expect(model.focus == .tree)
        Fixtures.press([.backTab], &model)
        #expect(model.focus == .response)
    }

    @Test func treeNavigationSelectsRequestsAndExpandsFolders() {
        var model = Fixtures.model()
        #expect(model.treeRows.map(\.title) == ["Demo", "Users", "Status"])
        Fixtures.press([.character("j"), .right], &model)
        #expect(model.treeRows.map(\.title) == ["Demo", "Users", "Get user", "Create 用户 🚀", "Status"])
        Fixtures.press([.down], &model)
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user")
        Fixtures.press([.character("G")], &model)
        #expect(model.tree.selectedRequestKey == "Demo/status")
        Fixtures.press([.character("g"), .character("j"), .left], &model)
        #expect(model.treeRows.count == 3)
    }

    @Test func filterShowsMatchingRequestsWithTheirFolders() {
        var model = Fixtures.model()
        Fixtures.press([.character("/")] + Fixtures.typing("creat"), &model)
        #expect(model.treeRows.map(\.title) == ["Demo", "Users", "Create 用户 🚀"])
        Fixtures.press([.escape], &model)
        // The whole tree again, with the folder of the request the filter selected opened.
        #expect(model.tree.filter.isEmpty && model.treeRows.map(\.title) == ["Demo", "Users", "Get user", "Create 用户 🚀", "Status"])
        #expect(model.treeRows[model.tree.cursor].title == "Create 用户 🚀")
    }

    /// The request highlighted is the one shown and sent: filtering used to leave a DELETE selected under a highlighted GET.
    @Test func filteringMovesTheCursorAndTheSelectionToTheFirstMatch() {
        var model = Fixtures.model()
        Fixtures.press([.character("G")], &model)
        #expect(model.tree.selectedRequestKey == "Demo/status")
        Fixtures.press([.character("/")] + Fixtures.typing("get"), &model)
        #expect(model.treeRows[model.tree.cursor].title == "Get user")
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user")
        Fixtures.press([.enter], &model)
        let effects = Fixtures.press([.control("j")], &model)
        guard case let .send(_, resolver)? = effects.first else { Issue.record("expected a send, got \(effects)"); return }
        #expect(resolver.request.slug == "get-user" && resolver.request.method == "GET")
        // Escape clears the filter; the cursor stays on the selected request, its folder opened.
        Fixtures.press([.character("/"), .escape], &model)
        #expect(model.tree.filter.isEmpty)
        #expect(model.treeRows[model.tree.cursor].key == "Demo/users/get-user")
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user")
        // A filter that matches nothing leaves nothing selected to send by mistake; Esc brings the selection back.
        Fixtures.press([.character("/")] + Fixtures.typing("zzz"), &model)
        #expect(model.treeRows.isEmpty && model.tree.selectedRequestKey == nil)
        Fixtures.press([.escape], &model)
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user" && model.treeRows[model.tree.cursor].key == "Demo/users/get-user")
        // Ctrl-J in the filter sends the first match at once.
        Fixtures.press([.character("/")] + Fixtures.typing("stat"), &model)
        let sent = Fixtures.press([.control("j")], &model)
        guard case let .send(_, statusResolver)? = sent.last else { Issue.record("expected a send, got \(sent)"); return }
        #expect(statusResolver.request.slug == "status" && model.tree.filterField == nil && model.tree.filter == "stat")
        // With no response there is nothing to search, and no invisible search prompt opens.
        var fresh = Fixtures.model()
        Fixtures.press([.tab, .tab, .character("/")], &fresh)
        #expect(fresh.responseView.bodyView.searchField == nil && fresh.status == "Nothing to search: there is no response body.")
    }

    /// A response left on screen while another request is selected says which request it belongs to.
    @Test func theResponsePaneNamesTheRequestItCameFrom() {
        var model = Fixtures.model()
        #expect(ExplorerView.render(model).lines.contains { $0.contains(" Response ") && !$0.contains("·") })
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, Fixtures.summary(lines: 1)))
        Fixtures.press([.character("g"), .character("j"), .right, .down], &model)
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user")
        #expect(model.responseView.key == "Demo/status")
        #expect(ExplorerView.render(model).lines.contains { $0.contains("Response · Demo/status") })
    }

    /// The file bytes the explorer starts with are what a save checks the file against: a save made before the full
    /// load came back had nothing to compare with.
    @Test func aSaveChecksTheFileAgainstTheBytesLoadedAtStart() {
        var model = ExplorerModel(collections: [Fixtures.collection], loadedFiles: ["/tmp/none/users/get-user.yaml": Data("old".utf8)],
                                  width: 80, height: 24)
        Fixtures.press([.character("j"), .right, .down, .tab, .character("a")] + Fixtures.typing("X-New") + [.enter] + Fixtures.typing("v") + [.enter], &model)
        let effects = Fixtures.press([.character("s")], &model)
        guard case let .save(key, _, _, original)? = effects.first else { Issue.record("expected a save, got \(effects)"); return }
        #expect(key == "Demo/users/get-user" && original == Data("old".utf8))
    }

    /// Ctrl-R asks for a reload; the result replaces the loaded bytes (the base a save checks against), merges header
    /// changes made outside into the unsaved edits, and keeps every edit.
    @Test func reloadingReplacesTheLoadedBytesAndMergesOutsideHeaderChanges() {
        var model = ExplorerModel(collections: [Fixtures.collection], loadedFiles: ["/tmp/none/users/get-user.yaml": Data("old".utf8)],
                                  width: 80, height: 24)
        Fixtures.press([.character("j"), .right, .down, .tab, .character("a")] + Fixtures.typing("X-New") + [.enter] + Fixtures.typing("v") + [.enter], &model)
        let gone = RequestSpec(name: "Gone", slug: "gone", url: "/gone", headers: [KeyValue("A", "b")], file: "/tmp/none/gone.yaml")
        model.requestEditor.setEdited(gone, for: "Demo/gone")
        let effects = Fixtures.press([.control("r")], &model)
        if case .reload? = effects.first {} else { Issue.record("expected reload, got \(effects)") }
        // Outside, a header was added to the same request and its own X-Request removed.
        var changed = Fixtures.collection
        changed.root.folders[0].requests[0].headers = [KeyValue("X-Outside", "added")]
        var result = CollectionLoadResult(collections: [changed], problems: [])
        result.loadedFiles = ["/tmp/none/users/get-user.yaml": Data("new".utf8)]
        _ = model.update(.collectionsReloaded(result))
        #expect(model.requestEditor.drafts["Demo/users/get-user"]?.original == Data("new".utf8))
        #expect(model.requestEditor.edited["Demo/users/get-user"]?.headers == [KeyValue("X-New", "v"), KeyValue("X-Outside", "added")],
                "the outside addition joins the edit and the outside removal stays removed")
        // An edit whose file is gone (or broken) is kept, not dropped: it is still the user's unsaved work.
        #expect(model.requestEditor.edited["Demo/gone"] == gone)
        #expect(model.status == "Reloaded 1 collection from disk; unsaved edits kept, s saves them into the files as they are now.")
    }

    @Test func aFolderRowInAnotherCollectionDropsTheSelectedRequest() {
        var other = Fixtures.collection
        other.root.name = "Other"
        other.root.slug = "Other"
        var model = ExplorerModel(collections: [Fixtures.collection, other], width: 80, height: 24)
        Fixtures.press([.character("j"), .right, .down], &model)
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user")
        // Onto the folder of the same collection: the request stays shown.
        Fixtures.press([.up], &model)
        #expect(model.tree.selectedRequestKey == "Demo/users/get-user")
        // Onto the other collection's row: nothing is shown, so Ctrl-J cannot send Demo's request, and I imports into Other.
        Fixtures.press([.character("G")], &model)
        #expect(model.treeRows[model.tree.cursor].title == "Other")
        #expect(model.tree.selectedRequestKey == nil && model.currentCollection?.slug == "Other")
        #expect(Fixtures.press([.control("j")], &model).isEmpty)
    }

    @Test func enterOnARequestSendsAndANewSendCancelsThePrevious() {
        var model = Fixtures.model()
        Fixtures.press([.character("G")], &model)
        let first = Fixtures.press([.enter], &model)
        guard case let .send(id, resolver)? = first.first else { Issue.record("expected a send, got \(first)"); return }
        #expect(id == 1 && resolver.request.slug == "status")
        let second = Fixtures.press([.control("j")], &model)
        #expect(second.count == 2)
        if case let .cancel(cancelled)? = second.first { #expect(cancelled == 1) } else { Issue.record("expected cancel first") }
        // A late answer to the cancelled send is ignored.
        _ = model.update(.responseReceived(id: 1, Fixtures.summary(lines: 1)))
        guard case let .sending(current, _) = model.responseView.state else { Issue.record("state moved on a stale response: \(model.responseView.state)"); return }
        #expect(current == 2)
        _ = model.update(.responseReceived(id: 2, Fixtures.summary(lines: 3)))
        if case let .received(summary) = model.responseView.state { #expect(summary.statusCode == 200) } else { Issue.record("no response") }
    }

    @Test func ctrlCCancelsASendElseQuitsAskingAboutUnsavedEdits() {
        var model = Fixtures.model()
        Fixtures.press([.character("G"), .enter], &model)
        let cancel = Fixtures.press([.control("c")], &model)
        if case .cancel(1)? = cancel.first {} else { Issue.record("expected cancel(1), got \(cancel)") }
        // With the filter open and nothing in flight, Ctrl-C quits.
        Fixtures.press([.character("/")], &model)
        let quit = Fixtures.press([.control("c")], &model)
        if case .quit? = quit.first {} else { Issue.record("expected quit, got \(quit)") }
        // Unsaved header edits: it asks first, and a second Ctrl-C does not answer yes.
        var edited = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down, .tab, .character("a")] + Fixtures.typing("X-New") + [.enter] + Fixtures.typing("v") + [.enter], &edited)
        #expect(edited.hasUnsavedEdits)
        #expect(Fixtures.press([.control("c")], &edited).isEmpty && (edited.modal == .quitConfirmation))
        #expect(Fixtures.press([.control("c")], &edited).isEmpty && !(edited.modal == .quitConfirmation))
    }

    @Test func escapeCancelsTheRequestInFlight() {
        var model = Fixtures.model()
        Fixtures.press([.character("G"), .enter], &model)
        let effects = Fixtures.press([.escape], &model)
        if case .cancel(1)? = effects.first {} else { Issue.record("expected cancel(1), got \(effects)") }
        if case .cancelled = model.responseView.state {} else { Issue.record("not cancelled: \(model.responseView.state)") }
    }

    @Test func environmentSwitchReResolvesThePreview() throws {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down], &model)
        #expect(try model.selectedResolver?.resolvedURLString() == "http://127.0.0.1:8787/users/1")
        Fixtures.press([.character("e")], &model)
        #expect(model.modal?.environmentPicker == 0)
        Fixtures.press([.down, .enter], &model)
        #expect(model.session.activeEnvironment["Demo"] == "staging")
        #expect(try model.selectedResolver?.resolvedURLString() == "https://staging.example/users/2")
    }

    @Test func headerEditsMarkTheRequestModifiedAndSaveEmitsTheHeaders() {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down, .tab], &model)
        #expect(model.requestEditor.tab == .headers)
        #expect(model.requestPane.effectiveHeaders.map(\.header.name) == ["Accept", "X-Request", "X-Folder", "X-Request"])
        #expect(model.requestPane.effectiveHeaders[1].isOverridden && model.requestPane.effectiveHeaders[3].isOwn)
        Fixtures.press([.character("a")] + Fixtures.typing("X-Ünï") + [.enter] + Fixtures.typing("värde 値") + [.enter], &model)
        #expect(model.hasUnsavedEdits)
        #expect(model.requestEditor.edited["Demo/users/get-user"]?.headers == [KeyValue("X-Request", "own"), KeyValue("X-Ünï", "värde 値")])
        // Toggling and deleting apply to the request's own headers only.
        Fixtures.press([.character(" ")], &model)
        #expect(model.requestEditor.edited["Demo/users/get-user"]?.headers.last?.enabled == false)
        Fixtures.press([.character("k"), .character("k"), .character("d")], &model)
        #expect(model.status?.contains("inherited") == true)
        let effects = Fixtures.press([.character("s")], &model)
        guard case let .save(key, request, saved, _)? = effects.first else { Issue.record("expected save, got \(effects)"); return }
        #expect(key == "Demo/users/get-user" && request.headers.count == 2 && request.slug == "get-user")
        #expect(request.changedKeys(from: saved) == ["headers"])
        _ = model.update(.saved(key: key, file: request.file, data: Data("x".utf8), request: request))
        #expect(!model.hasUnsavedEdits && model.status == "Saved Demo/users/get-user")
        #expect(model.selectedRequest?.located.request.headers.count == 2)
    }

    @Test func quittingWithUnsavedEditsAsksFirst() {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down, .tab, .character("a")] + Fixtures.typing("X") + [.enter, .enter], &model)
        #expect(Fixtures.press([.character("q")], &model).isEmpty && (model.modal == .quitConfirmation))
        #expect(Fixtures.press([.character("n")], &model).isEmpty && !(model.modal == .quitConfirmation))
        Fixtures.press([.character("q")], &model)
        let effects = Fixtures.press([.character("y")], &model)
        if case .quit? = effects.first {} else { Issue.record("expected quit") }
    }

    @Test func bodySearchFindsLinesAndCyclesWithN() {
        var model = Fixtures.model()
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, Fixtures.summary(lines: 200)))
        Fixtures.press([.tab, .tab], &model)
        #expect(model.focus == .response)
        Fixtures.press([.character("/")] + Fixtures.typing("\"id\": 150") + [.enter], &model)
        #expect(model.responseView.bodyView.matches.count == 1)
        #expect(model.responseView.bodyView.scroll > 100)
        Fixtures.press([.character("/")] + Fixtures.typing("\"id\": 19") + [.enter], &model)
        #expect(model.responseView.bodyView.matches.count == 11)
        let first = model.responseView.bodyView.scroll
        Fixtures.press([.character("n")], &model)
        #expect(model.responseView.bodyView.currentMatch == 1 && model.responseView.bodyView.scroll > first)
        Fixtures.press([.character("N"), .character("N")], &model)
        #expect(model.responseView.bodyView.currentMatch == 10)
    }

    @Test func scrollingStaysWithinTheBody() {
        var model = Fixtures.model()
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, Fixtures.summary(lines: 10_000)))
        Fixtures.press([.backTab], &model)
        Fixtures.press([.character("G")], &model)
        guard case let .received(summary) = model.responseView.state else { Issue.record("no response"); return }
        let total = summary.body.lineCount
        #expect(total == 30_002)
        #expect(model.responseView.bodyView.scroll == total - ScreenLayout(width: 80, height: 24, settings: LayoutSettings(stack: .never)).bodyHeight)
        Fixtures.press([.pageUp, .character("k")], &model)
        #expect(model.responseView.bodyView.scroll == total - 2 * ScreenLayout(width: 80, height: 24, settings: LayoutSettings(stack: .never)).bodyHeight - 1)
        Fixtures.press([.character("g"), .character("k")], &model)
        #expect(model.responseView.bodyView.scroll == 0)
    }

    @Test func bodySearchSeesWhatIsShownDecodedOrAsWritten() {
        var model = Fixtures.model()
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, Fixtures.summary(#"{"city": "Montr\u00e9al"}"#)))
        Fixtures.press([.tab, .tab, .character("/")] + Fixtures.typing("é") + [.enter], &model)
        #expect(model.responseView.bodyView.matches == [1], "\(model.status ?? "")")
        // U shows the escapes as written: the same search then finds nothing, as nothing on screen matches.
        Fixtures.press([.character("U"), .character("/")] + Fixtures.typing("é") + [.enter], &model)
        #expect(model.responseView.bodyView.matches.isEmpty && model.status == "No match for \"é\"")
    }

    @Test func bodySearchRunsOffTheUIAndIgnoresStaleResults() {
        var model = Fixtures.model()
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, Fixtures.summary(lines: 50)))
        Fixtures.press([.tab, .tab], &model)
        // Without running the effect the search is pending: n says so instead of claiming there is no match.
        let first = [.character("/")] + Fixtures.typing("7") + [.enter]
        let effects = first.flatMap { model.update(.keyPressed($0)) }
        guard case let .searchBody(staleID, document, query, _)? = effects.last else { Issue.record("expected a search effect"); return }
        #expect(query == "7" && model.responseView.bodyView.pendingSearch == staleID)
        _ = model.update(.keyPressed(.character("n")))
        #expect(model.status?.contains("Still searching") == true)
        // A second search supersedes the first; the first one's late result is dropped.
        let second = ([.character("/")] + Fixtures.typing("id") + [.enter]).flatMap { model.update(.keyPressed($0)) }
        _ = model.update(.searchFinished(id: staleID, matches: document.matchingLines(query)))
        #expect(model.responseView.bodyView.matches.isEmpty)
        guard case let .searchBody(id, _, _, _)? = second.last else { Issue.record("expected a second search"); return }
        _ = model.update(.searchFinished(id: id, matches: document.matchingLines("id")))
        #expect(model.responseView.bodyView.matches.count == 50 && model.responseView.bodyView.pendingSearch == nil)
        // A new response clears the search: its highlights and message belonged to the old body (issue 14, item 15).
        let again = model.update(.responseReceived(id: 1, Fixtures.summary(lines: 5)))
        #expect(again.isEmpty)
        Fixtures.press([.control("j")], &model)
        let rerun = Fixtures.deliver(.responseReceived(id: model.session.nextSendID - 1, Fixtures.summary(lines: 5)), &model)
        #expect(rerun.isEmpty && model.responseView.bodyView.matches.isEmpty && model.responseView.bodyView.query.isEmpty)
        #expect(model.status?.contains("matching line") != true)
    }

    @Test func requestsLoadedAfterTheFirstFrameFillInAndKeepTheSelection() {
        // The first frame knows the folder but not its requests.
        var shallow = Fixtures.collection
        shallow.root.folders[0].requests = []
        var model = ExplorerModel(collections: [shallow])
        model.tree.isLoading = true
        #expect(ExplorerView.render(model).lines[1].contains("Loading requests…"))
        // Open the folder while loading and stay on the status request below it.
        Fixtures.press([.character("j"), .right, .character("j")], &model)
        #expect(model.treeRows[model.tree.cursor].title == "Status")
        _ = model.update(.collectionsLoaded(CollectionLoadResult(collections: [Fixtures.collection])))
        #expect(!model.tree.isLoading)
        #expect(model.treeRows.map(\.title) == ["Demo", "Users", "Get user", "Create 用户 🚀", "Status"])
        #expect(model.treeRows[model.tree.cursor].title == "Status")
        #expect(!ExplorerView.render(model).lines.joined().contains("Loading requests…"))
    }
}
