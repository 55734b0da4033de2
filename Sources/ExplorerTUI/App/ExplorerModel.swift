import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The explorer's whole state. Only `update` changes it; IO happens in effects whose results come back as messages.
public struct ExplorerModel: Sendable {
    /// The collections as loaded (saved edits are applied here).
    public var collections: [CollectionSpec]
    /// Problems found while loading, shown in the tree: errors (the file did not load) and warnings (it loaded, but
    /// something in it is ignored, such as a misspelt key).
    public var problems: [CollectionProblem]
    /// The key map.
    public var keyMap = KeyMap.standard
    /// The collections tree: what is open, the cursor, the filter and the request it selects.
    public var tree = TreePane()
    /// What every send shares: environments in use, command-line values, the demo's address, captures, send ids.
    public var session = SendSession()
    /// The request pane: its tab, selection, what is being edited, and every request's unsaved edits.
    public var requestEditor = RequestEditor()
    /// The response pane: the response, its tab, how its body is viewed.
    public var responseView = ResponseView()

    /// The terminal size and the pane shown alone, if any.
    public var screen: Screen
    /// The focused pane.
    public var focus = Focus.tree
    /// What is open over the panes (help, a picker, a panel, a prompt, a dialog), if anything.
    public var modal: Modal?
    /// A one-line message in the bottom bar (saved, errors); `$status` keeps the recent ones, which `!` lists.
    @StatusLog
    public var status: String? = nil
    /// The clock, advanced by ticks.
    public var now = Date()

    /// Creates the state for loaded collections, expanding the first collection.
    public init(collections: [CollectionSpec], problems: [CollectionProblem] = [], loadedFiles: [String: Data] = [:],
                width: Int = 80, height: Int = 24, environment: String? = nil) {
        self.collections = collections
        self.problems = problems
        requestEditor.takeOriginals(loadedFiles, of: collections, keepingSaved: false)
        session.takeCollectionFiles(loadedFiles, of: collections)
        screen = Screen(width: width, height: height)
        for collection in collections {
            let chosen = environment.flatMap { collection.environment(named: $0) } ?? collection.defaultEnvironment
            if let chosen { session.activeEnvironment[collection.slug] = chosen.name }
        }
        if let first = collections.first { tree.expanded.insert(RequestKey(first.slug)) }
    }

    /// Handles one message and returns the effects to run.
    public mutating func update(_ message: AppMessage) -> [AppEffect] {
        // Messages logged while this one is handled carry the time it arrived.
        $status.clock = now
        switch message {
        case let .keyPressed(key):
            // A request newly selected shows its last kept response until it is sent again.
            let before = tree.selectedRequestKey
            let effects = handle(key)
            return tree.selectedRequestKey != before ? effects + restorePastResponse() : effects
        case let .keysPressed(keys):
            var effects: [AppEffect] = []
            for (index, pressed) in keys.enumerated() {
                // In the curl import prompt a line break inside a burst of keys is a space: as Enter it imported the
                // first line and ran the rest as explorer keys. (After a `\` the prompt reads it as a continuation.)
                if var field = modal?.importField, index < keys.count - 1, keyMap.action(for: pressed, in: .importPrompt) == .confirm,
                   !field.text.hasSuffix("\\") {
                    field.insert(" ")
                    modal = .importPrompt(field)
                    continue
                }
                effects += update(.keyPressed(pressed))
                if effects.contains(where: { if case .quit = $0 { true } else { false } }) { break }
            }
            return effects
        case let .resized(width, height):
            screen.width = width
            screen.height = height
            return []
        case let .ticked(date):
            now = date
            return refreshCapture()
        case let .demoStarted(url):
            session.demoBaseURL = url
            return []
        case let .responseReceived(id, summary):
            guard case let .sending(current, _) = responseView.state, current == id else { return [] }
            responseView.state = .received(summary)
            // A stream's list stays as the user left it (selection, search, filter) on the Stream tab.
            if summary.events != nil {
                if responseView.live == nil { responseView.events = EventList() }
                responseView.tab = .stream
            } else if responseView.tab == .stream {
                responseView.tab = .body
            }
            responseView.live = nil
            clearSendProgress()
            recordCaptures(summary.captured, released: summary.released, key: session.sendCaptureKey)
            inPane(\.responseView) { $0.resetBody(context: &$1) }
            return []
        case let .searchFinished(id, matches):
            inPane(\.responseView) { $0.searchFinished(id: id, matches: matches, context: &$1) }
            return []
        case let .needSent(id, reference, captured, failure):
            return needSent(id: id, reference: reference, captured: captured, failure: failure)
        case let .webSocketOpened(id, subprotocol):
            conversationChanged(id: id) {
                $0.state = .open(subprotocol: subprotocol)
            }
            return []
        case let .webSocketEvent(id, event):
            let now = self.now
            conversationChanged(id: id) { conversation in
                switch event {
                case let .message(message): conversation.append(.received, ConversationEntry.text(of: message), now: now)
                case let .pong(data): conversation.append(.note, data.isEmpty ? "pong" : "pong " + String(decoding: data, as: UTF8.self), now: now)
                case let .closed(code, reason, byClient):
                    conversation.state = .closed(code: code, reason: reason)
                    conversation.append(.note, (byClient ? "closed" : "the server closed it") + (code.map { " (\($0))" } ?? ""), now: now)
                }
            }
            return []
        case let .webSocketFailed(id, message):
            conversationChanged(id: id) { $0.state = .failed(message) }
            return []
        case let .streamProgress(id, events, bytes, skipped):
            guard case let .sending(current, _) = responseView.state, current == id else { return [] }
            var live = responseView.live ?? LiveStream()
            live.add(events, skipped: skipped, bytes: bytes)
            responseView.live = live
            responseView.eventsArrived()
            return []
        case let .requestFailed(id, message):
            guard case let .sending(current, _) = responseView.state, current == id else { return [] }
            responseView.state = .failed(message)
            clearSendProgress()
            return []
        case let .collectionsLoaded(result):
            let before = tree.selectedRequestKey
            applyLoaded(result)
            return tree.selectedRequestKey != before ? restorePastResponse() : []
        case let .collectionsReloaded(result):
            reloaded(result)
            let saves = keyMap.keyLabel(for: .save, focus: .request).map { ", \($0) saves them into the files as they are now" } ?? ""
            let kept = !requestEditor.hasEdits ? "" : "; unsaved edits kept" + saves
            status = "Reloaded \(collections.count) collection\(collections.count == 1 ? "" : "s") from disk\(kept)."
            return []
        case let .treeChanged(result, select, movedFrom, message, focus):
            return treeChanged(result, select: select, movedFrom: movedFrom, message: message, focus: focus)
        case let .saved(key, file, data, request):
            requestEditor.drafts[key, default: RequestDraft()].original = data
            applySaved(request, key: key)
            if requestEditor.drafts[key]?.edited == request { requestEditor.setEdited(nil, for: key) }
            requestEditor.drafts[key]?.bodyEditor?.area.markUnmodified()
            status = "Saved \(key)"
            return []
        case .loadProgress, .loadFinished, .loadFailed:
            return loadReported(message)
        case let .jsonChecked(id, error):
            return inRequest { $0.jsonChecked(id: id, error: error) }
        case let .scriptChecked(id, verdict):
            return inRequest { $0.scriptChecked(id: id, verdict: verdict) }
        case let .grpcMethodsListed(key, methods, outline, failure, fresh):
            return inRequest { pane in
                pane.grpcMethodsListed(key: key, methods: methods, outline: outline, failure: failure, fresh: fresh)
                return []
            }
        case let .schemaFetched(key, schema, fetched, failure):
            return inRequest { pane in
                pane.schemaFetched(key: key, schema: schema, fetched: fetched, failure: failure)
                return []
            }
        case let .secretStored(result, message):
            if let result { reloaded(result) }
            status = message
            return []
        case let .environmentChanged(change, directory, result, message):
            return environmentChanged(change, directory: directory, result: result, message: message)
        case let .bodyFiltered(id, result):
            inPane(\.responseView) { $0.jsonFiltered(id: id, result, context: &$1) }
            return []
        case let .copyReady(text, what):
            return [.copy(text: text, what: what)]
        case let .reported(report):
            status = report.text
            return []
        case let .tokenStateReported(key, state):
            requestEditor.tokenStates[key] = state
            return []
        case let .editorFinished(.body(key, text)):
            return inRequest { pane in
                pane.bodyEdited(key: key, text: text)
                return []
            }
        case let .editorFinished(.script(key, phase, text)):
            return inRequest { pane in
                pane.scriptEdited(key: key, phase: phase, text: text)
                return []
            }
        case let .editorFinished(.requestFile(key, loaded)):
            let focused = focus
            _ = treeChanged(loaded, select: key, movedFrom: nil, message: "Reloaded \(key) from the editor.")
            focus = focused
            return []
        case let .editorFinished(.failed(message)):
            status = message
            return []
        case let .saveFailed(_, message):
            status = message
            return []
        case .exported, .compared, .toolFailed:
            return updateToolPanel(message)
        case .requestAdded, .addFailed:
            return importFinished(message)
        case .historyOpened:
            session.historyIsOn = true
            return restorePastResponse()
        case let .historyProblem(text):
            session.historyIsOn = false
            session.historyProblem = "⚠ " + text
            status = session.historyProblem
            return []
        case let .historyListed(id, entries, environments):
            if paletteListed(id: id, entries: entries) { return [] }
            guard var panel = modal?.historyPanel, panel.pending == id else { return [] }
            panel.pending = nil
            panel.listedAt = now
            // The Capture view grows at the top while it is read: the selection stays on the exchange it was on.
            let previous = panel.selected?.id
            panel.entries = entries
            if let previous, let index = entries.firstIndex(where: { $0.id == previous }) { panel.selection = index }
            panel.environments = environments
            panel.selection = min(panel.selection, max(0, entries.count - 1))
            if let marked = panel.marked, !entries.contains(where: { $0.id == marked }) { panel.marked = nil }
            modal = .history(panel)
            return []
        case let .exchangeOpened(id, exchange, summary):
            if let effects = savedExchangeOpened(id: id, exchange) { return effects }
            exchangeOpened(id: id, exchange, summary: summary)
            return []
        case let .cookiesListed(directory, environment, cookies):
            cookiesListed(directory: directory, environment: environment, cookies: cookies)
            return []
        }
    }

    /// What a pane's update gets of the shell: the key map, the screen, the clock and the status line.
    var paneContext: PaneContext { PaneContext(keyMap: keyMap, screen: screen, now: now, status: status) }

    /// Runs `body` on the pane at `pane` with the context, taking back the status line it leaves.
    mutating func inPane<Pane, Result>(_ pane: WritableKeyPath<ExplorerModel, Pane>,
                                       _ body: (inout Pane, inout PaneContext) -> Result) -> Result {
        var context = paneContext
        let result = body(&self[keyPath: pane], &context)
        status = context.status
        return result
    }

    // MARK: - Derived state

    /// The environment in use for a collection.
    public func environment(of collection: CollectionSpec) -> EnvironmentSpec? {
        session.activeEnvironment[collection.slug].flatMap { collection.environment(named: $0) } ?? collection.defaultEnvironment
    }

    /// The selected request with its collection, folders and any unsaved edits applied.
    public var selectedRequest: (collection: CollectionSpec, located: CollectionSpec.Located, key: RequestKey)? {
        guard let key = tree.selectedRequestKey, let found = locate(key: key) else { return nil }
        var located = found.located
        if let edited = requestEditor.drafts[key]?.edited { located.request = edited }
        return (found.collection, located, key)
    }

    /// The request `key` (`collection/folder/request`) as loaded or saved, with its collection, or nil.
    func locate(key: RequestKey) -> (collection: CollectionSpec, located: CollectionSpec.Located)? {
        TreeSource(collections: collections, problems: []).locate(key: key)
    }

    /// What the tree shows: the collections, their problems, and the requests with unsaved edits.
    public var treeSource: TreeSource {
        let edited = requestEditor.edited
        var modified = Set(edited.keys)
        if let key = tree.selectedRequestKey, requestEditor.isModified(key, selected: key) { modified.insert(key) }
        return TreeSource(collections: collections, problems: problems, editedMethods: edited.mapValues(\.method),
                          modified: modified)
    }

    /// The problem whose tree row is selected, if the selection is on one.
    public var selectedProblem: CollectionProblem? {
        let rows = treeRows
        guard rows.indices.contains(tree.cursor), case let .problem(index) = rows[tree.cursor].kind,
              problems.indices.contains(index) else { return nil }
        return problems[index]
    }

    /// A resolver for the selected request in its collection's active environment.
    public var selectedResolver: RequestResolver? {
        selectedRequest.map { resolver(for: $0.collection, located: $0.located) }
    }

    /// A resolver for `located` in `collection`'s active environment, with the session's values.
    func resolver(for collection: CollectionSpec, located: CollectionSpec.Located) -> RequestResolver {
        let environment = environment(of: collection)
        var resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request, environment: environment,
                                       overrides: session.captures.variables(environment: captureKey(collection)) + session.overrides,
                                       extraHeaders: session.extraHeaders, demoBaseURL: session.demoBaseURL)
        resolver.inputs.context = session.context
        return resolver
    }

    /// Lets the tree match its selection to the cursor (see `TreePane.syncSelection`); a newly selected request's
    /// tables start at their first row.
    mutating func syncSelectionWithCursor(strict: Bool = false) {
        let before = tree.selectedRequestKey
        tree.syncSelection(source: treeSource, strict: strict)
        requestSelectionMoved(from: before)
    }

    /// After the tree's selection may have changed: a request newly selected shows its tables from the first row.
    mutating func requestSelectionMoved(from before: RequestKey?) {
        if tree.selectedRequestKey != before, tree.selectedRequestKey != nil { requestEditor.selection = 0 }
    }

    /// The collection the tree selection is in (for the top bar and the environment picker).
    public var currentCollection: CollectionSpec? {
        if let selected = selectedRequest { return selected.collection }
        let rows = treeRows
        guard rows.indices.contains(tree.cursor), collections.indices.contains(rows[tree.cursor].collectionIndex) else {
            return collections.first
        }
        return collections[rows[tree.cursor].collectionIndex]
    }

    /// True when some request has unsaved edits.
    public var hasUnsavedEdits: Bool { requestEditor.hasEdits }

    /// The rows of the tree as shown, with expansion and the filter applied.
    public var treeRows: [TreeRow] { treeSource.rows(for: tree) }

    /// Takes the complete collections, keeping the selected row, unsaved edits and the bytes of files saved meanwhile.
    mutating func applyLoaded(_ result: CollectionLoadResult) {
        let rows = treeRows
        let selectedKey = rows.indices.contains(tree.cursor) ? rows[tree.cursor].key : nil
        collections = result.collections
        problems = result.problems
        requestEditor.takeOriginals(result.loadedFiles, of: result.collections, keepingSaved: true)
        session.takeCollectionFiles(result.loadedFiles, of: result.collections)
        tree.isLoading = false
        tree.relocate(to: selectedKey, source: treeSource)
        syncSelectionWithCursor(strict: true)
    }

    /// Puts a request as saved into the collections, so it becomes the base later edits are compared with.
    private mutating func applySaved(_ request: RequestSpec, key: RequestKey) {
        let parts = key.slugs
        guard let index = collections.firstIndex(where: { $0.slug == parts.first }) else { return }
        func apply(_ folder: inout FolderSpec, path: ArraySlice<String>) {
            guard let first = path.first else { return }
            if path.count == 1, let position = folder.requests.firstIndex(where: { $0.slug == first }) {
                folder.requests[position] = request
            } else if let sub = folder.folders.firstIndex(where: { $0.slug == first }) {
                apply(&folder.folders[sub], path: path.dropFirst())
            }
        }
        apply(&collections[index].root, path: parts.dropFirst())
    }

    /// Takes collections read again from disk as the base for saving. Unsaved edits stay; a key changed outside and
    /// not edited here takes the file's new value, and headers changed outside are merged into edited ones (added
    /// ones join them, removed ones leave them, unless the edit touched the same header). Edits of a file that is
    /// now missing or broken are kept as they are.
    mutating func reloaded(_ result: CollectionLoadResult) {
        let bases = requestEditor.edited.keys.reduce(into: [RequestKey: RequestSpec]()) { $0[$1] = savedRequest($1) }
        requestEditor.forgetOriginals()
        applyLoaded(result)
        for (key, ours) in requestEditor.edited {
            guard let base = bases[key], let theirs = savedRequest(key), theirs != base else { continue }
            let merged = RequestMerge.merge(ours: ours, base: base, theirs: theirs)
            requestEditor.setEdited(merged == theirs ? nil : merged, for: key)
        }
    }

    /// The request as its file was last loaded or saved (without unsaved edits).
    public func savedRequest(_ key: RequestKey) -> RequestSpec? {
        locate(key: key)?.located.request
    }

    /// True when the request `key` has unsaved edits (a draft, or a body being edited).
    public func isModified(_ key: RequestKey) -> Bool {
        requestEditor.isModified(key, selected: tree.selectedRequestKey)
    }
}
