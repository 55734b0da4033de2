import ExplorerCore
import Foundation

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
        case .focusNext:
            screen.maximized = nil
            focus = Focus(rawValue: (focus.rawValue + 1) % Focus.allCases.count) ?? .tree
        case .focusPrevious:
            screen.maximized = nil
            focus = Focus(rawValue: (focus.rawValue + Focus.allCases.count - 1) % Focus.allCases.count) ?? .tree
        case .send: return send()
        case .cancel:
            if case let .sending(id, _) = responseView.state {
                responseView.state = .failed("Cancelled. Press Enter or Ctrl-J to send it again.")
                return [.cancel(id: id)]
            }
        case .pickEnvironment:
            guard let collection = currentCollection, !collection.environments.isEmpty else {
                status = "This collection has no environments."
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
        case .history: return openHistory(all: false)
        case .historyAll: return openHistory(all: true)
        case .importCurl: openImport()
        case .reload:
            status = "Reloading collections from disk…"
            return [.reload]
        case .filter:
            _ = tree.perform(.filter, source: treeSource)
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

}
