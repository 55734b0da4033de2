import ExplorerCore
import ExplorerFormats
import Foundation

/// Where input goes: a key first to what works everywhere, then to the open overlay (`switch modal`), then to a field
/// being typed in (the tree's filter, the response's prompts, the request's editors), then through the key map to the
/// focused pane. Clicks go to the pane under them; pasted text to whatever takes it, else it is offered for import.
extension ExplorerModel {
    /// Routes a key: keys that work everywhere, then whatever is open over the panes (`modal`), then a field being
    /// typed in the focused pane, then the key map for the focused pane.
    mutating func handle(_ key: Key) -> [AppEffect] {
        if case let .resize(width, height) = key { return update(.resized(width: width, height: height)) }
        // Ctrl-C as in other terminal programs, from anywhere: it stops a request in flight, else quits (asking first
        // when there are unsaved edits).
        if keyMap.action(for: key, in: .anywhere) == .interrupt, modal != .quitConfirmation {
            if case .sending = responseView.state { return perform(.cancel) }
            closeEverything()
            return perform(.quit)
        }
        if var overlay = modal {
            // While an overlay is open a click does nothing (but closes the help or the quit question, as any key).
            if case .mouse = key, overlay != .quitConfirmation, overlay.helpScroll == nil { return [] }
            var context = overlayContext
            let reply = overlay.update(key, context: &context)
            status = context.pane.status
            modal = overlay
            return answer(reply)
        }
        if case let .mouse(event) = key { return mouse(event) }
        let before = tree.selectedRequestKey
        if let reply = tree.updateFilter(key, source: treeSource, context: paneContext) {
            requestSelectionMoved(from: before)
            return reply == .send ? send() : []
        }
        if let effects = inPane(\.responseView, { $0.updatePrompt(key, context: &$1) }) { return effects }
        if requestEditor.edit != nil { return inRequest { $0.update(key) ?? [] } }
        if case let .paste(text) = key { return pasteElsewhere(text) }
        guard let action = keyMap.action(for: key, focus: focus, tab: requestEditor.tab, isTable: requestPane.currentTable != nil) else {
            if case .character = key { status = "\(key.label) does nothing here; ? lists the keys." }
            return []
        }
        return perform(action)
    }

    /// Closes whatever is open and stops every edit in progress (a body being edited is kept as a draft first).
    private mutating func closeEverything() {
        modal = nil
        tree.filterField = nil
        responseView.bodyView.searchField = nil
        commitBodyEditor()
        requestEditor.edit = nil
    }

    /// Does what an action means in the current state.
    mutating func perform(_ action: AppAction) -> [AppEffect] {
        status = nil
        switch action {
        case .quit:
            if hasUnsavedEdits {
                modal = .quitConfirmation
                return []
            }
            return [.quit]
        case .help: modal = .help(scroll: 0)
        case .openPalette: return openPalette()
        case .shrinkTree, .growTree:
            let current = screen.arrangement.split ?? screen.layout.treeShare
            return moveSplit(to: current + (action == .growTree ? 1 : -1) * LayoutSettings.splitStep)
        case .showMessages: modal = .messages(MessageList(entries: $status.entries.reversed()))
        case .cycleTheme:
            screen.theme.cycle()
            status = "Theme: \(screen.theme.palette.name) (\(screen.theme.index + 1) of \(screen.theme.available.count); keep it with theme: in config.yaml)"
        case .showCookies: return openCookies()
        case .focusNext:
            screen.maximized = nil
            focus = Focus(rawValue: (focus.rawValue + 1) % Focus.allCases.count) ?? .tree
        case .focusPrevious:
            screen.maximized = nil
            focus = Focus(rawValue: (focus.rawValue + Focus.allCases.count - 1) % Focus.allCases.count) ?? .tree
        case .send: return send()
        case .cancel where focus == .response && responseView.events.isOpen && responseView.showsEvents:
            // Esc first closes the event opened whole; the next one stops the stream or closes the connection.
            responseView.events.isOpen = false
        case .ping, .sendSavedMessage, .closeWithCode, .reconnect, .saveMessage:
            return converse(action)
        case .cancel:
            if let conversation = responseView.conversation, conversation.isOpen || conversation.state == .connecting {
                if conversation.state == .connecting { conversationChanged(id: conversation.id) { $0.state = .closed(code: nil, reason: "given up") } }
                return [.closeWebSocket(id: conversation.id)]
            }
            if case let .sending(id, started) = responseView.state {
                responseView.state = .cancelled(after: max(0, now.timeIntervalSince(started)))
                return [.cancel(id: id)]
            }
        case .pickEnvironment:
            guard let collection = currentCollection, !collection.environments.isEmpty else {
                // With none to pick from, the editor opens to make the first.
                if currentCollection != nil { modal = .environments(EnvironmentEditor()) } else { status = "There is no collection." }
                return []
            }
            modal = .environmentPicker(selection: collection.environments.firstIndex { $0.name == environment(of: collection)?.name } ?? 0)
        case .save, .externalEditor, .editURL, .pickMethod, .editBody, .pickBodyKind, .formatBody, .pickAuthKind:
            return inRequest { $0.perform(action) ?? [] }
        case .maximize:
            screen.maximized = screen.maximized == nil && focus != .tree ? focus : nil
            if screen.maximized == nil, focus == .tree { status = "z maximises the request or the response pane." }
        case .newRequest, .newFolder, .duplicateRequest, .renameRequest, .moveRequest, .deleteRequest:
            treeEdit(action)
        case .exportRequest: return exportRequest(.curl)
        case .copy: return copy()
        case .copyAsCurl: return copyAsCurl()
        case .saveBody: openSaveBody()
        case .openPager: return openPager()
        case .compareEnvironments: return chooseComparison()
        case .loadTest: return openLoadPanel()
        case .proposeCapture: proposeCapture()
        case .saveExample: return saveExample()
        case .history: return openHistory(all: false)
        case .historyAll: return openHistory(all: true)
        case .openCapture: return openCapture()
        case .importCurl: openImport()
        case .addDemo: return addDemo()
        case .reload:
            status = "Reloading collections from disk…"
            return [.reload]
        case .filter:
            _ = tree.perform(.filter, source: treeSource)
        case .clearFilter where responseView.state.isSending || responseView.conversation.map { $0.isOpen || $0.state == .connecting } == true:
            // Esc cancels a request in flight wherever the focus is; the filter is cleared by the next one.
            return perform(.cancel)
        case .search:
            return inPane(\.responseView) { $0.perform(.search, context: &$1) } ?? []
        case .activate where focus == .tree:
            return tree.perform(.activate, source: treeSource) == .send ? send() : []
        default:
            switch focus {
            case .tree:
                let before = tree.selectedRequestKey
                _ = tree.perform(action, source: treeSource)
                requestSelectionMoved(from: before)
            case .request: return inRequest { $0.perform(action) ?? [] }
            case .response: _ = inPane(\.responseView) { $0.perform(action, context: &$1) }
            }
        }
        return []
    }

    /// A click focuses the pane under it and picks the tree row, tab or table row there; the wheel scrolls the pane
    /// under the pointer. While a field is open the mouse does nothing, so a stray click cannot lose what is typed.
    mutating func mouse(_ event: MouseEvent) -> [AppEffect] {
        guard modal == nil,
              requestEditor.edit?.row == nil, requestEditor.edit?.url == nil, requestEditor.edit?.value == nil, tree.filterField == nil, responseView.bodyView.searchField == nil else { return [] }
        let layout = screen.layout
        guard !layout.isTooSmall else { return [] }
        // The border between the tree and the panes is dragged: pressed on, then let go where it should be.
        if event.action == .click, layout.isOnSplit(x: event.x, y: event.y) {
            screen.isDraggingSplit = true
            return []
        }
        if event.action == .release {
            guard screen.isDraggingSplit else { return [] }
            screen.isDraggingSplit = false
            return moveSplit(to: layout.split(draggedTo: event.x, y: event.y))
        }
        if requestEditor.edit?.body != nil {
            guard !layout.request.contains(x: event.x, y: event.y) else { return [] }
            commitBodyEditor()
            requestEditor.edit = nil
        }
        let steps = 3
        if layout.tree.contains(x: event.x, y: event.y) {
            focus = .tree
            let before = tree.selectedRequestKey
            let source = treeSource
            switch event.action {
            case .wheelUp: for _ in 0..<steps { _ = tree.perform(.moveUp, source: source) }
            case .wheelDown: for _ in 0..<steps { _ = tree.perform(.moveDown, source: source) }
            case .click: tree.click(row: event.y, in: layout.tree, source: source)
            case .release: break
            }
            requestSelectionMoved(from: before)
        } else if layout.request.contains(x: event.x, y: event.y) {
            focus = .request
            switch event.action {
            case .wheelUp: _ = inRequest { pane in (0..<steps).flatMap { _ in pane.perform(.moveUp) ?? [] } }
            case .wheelDown: _ = inRequest { pane in (0..<steps).flatMap { _ in pane.perform(.moveDown) ?? [] } }
            case .click: clickRequest(x: event.x, y: event.y, in: layout.request)
            case .release: break
            }
        } else if layout.response.contains(x: event.x, y: event.y) {
            focus = .response
            switch event.action {
            case .wheelUp: for _ in 0..<steps { _ = inPane(\.responseView) { $0.perform(.moveUp, context: &$1) } }
            case .wheelDown: for _ in 0..<steps { _ = inPane(\.responseView) { $0.perform(.moveDown, context: &$1) } }
            case .click:
                // The response's tabs are on the second row inside its border, under the status line.
                if event.y == layout.response.y + 2, case let .received(summary) = responseView.state,
                   let index = ResponseView.tabs(summary, selected: responseView.tab).index(atColumn: event.x - layout.response.x - 1,
                                                                                          width: max(0, layout.response.width - 2)) {
                    let offered = ResponseTab.offered(for: summary)
                    if offered.indices.contains(index), offered[index] != responseView.tab { responseView.show(offered[index]) }
                }
            case .release: break
            }
        }
        return []
    }

    /// A click on the request pane's tabs switches tab; on a table row it selects that row.
    private mutating func clickRequest(x: Int, y: Int, in rect: Rect) {
        let inner = rect.inner
        if y == inner.y + 2 {
            let tabs = Tabs(titles: RequestTab.allCases.map { StyledLine($0.title) }, selectedIndex: requestEditor.tab.rawValue)
            if let index = tabs.index(atColumn: x - inner.x, width: inner.width), let tab = RequestTab(rawValue: index), tab != requestEditor.tab {
                requestEditor.tab = tab
                requestEditor.selection = 0
            }
            return
        }
        // Tables start under the tabs with a row of column titles (the Body tab's form fields one row lower).
        let tableTop = inner.y + 3 + (requestEditor.tab == .body ? 1 : 0)
        let visible = max(1, inner.y + inner.height - tableTop - 1)
        let offset = ScrollOffset.keepingVisible(selection: requestEditor.selection, offset: 0, visibleCount: visible, itemCount: requestPane.rowCount)
        let index = offset + (y - tableTop - 1)
        if y > tableTop, index < requestPane.rowCount, index >= 0 { requestEditor.selection = index }
    }

    /// Pasted text nothing open took: a curl command is offered for import, anything else is ignored (never read as
    /// keys, so a paste into the tree cannot send or quit).
    mutating func pasteElsewhere(_ text: String) -> [AppEffect] {
        if CurlImporter.looksLikeCurl(text) {
            openImport()
            if var field = modal?.importField {
                field.insert(text)
                modal = .importPrompt(field)
                status = "Pasted a curl command: Enter imports it into \(folderAtCursor?.folder.name ?? "the collection"), Esc cancels."
            }
        } else {
            let fields = [keyMap.keyLabel(for: .editURL, focus: .request).map { "\($0) edits the URL" },
                          keyMap.keyLabel(for: .addRow, focus: .request, tab: .headers, isTable: true).map { "\($0) adds a row" },
                          keyMap.keyLabel(for: .editBody, focus: .request, tab: .body).map { "\($0) edits the body" }].compactMap { $0 }
            status = "Pasted text ignored here (\(text.count) characters): paste into a field" + (fields.isEmpty ? "." : " (" + fields.joined(separator: ", ") + ").")
        }
        return []
    }

    /// Puts the split at `percent` (kept within 10–90) and asks for it to be remembered for the next run.
    mutating func moveSplit(to percent: Int) -> [AppEffect] {
        let split = LayoutSettings.clamped(percent)
        screen.arrangement.split = split
        status = "Tree: \(split)% of the \(screen.layout.isStacked ? "height" : "width") (< and > move it; remembered)"
        return [.rememberSplit(split)]
    }
}
