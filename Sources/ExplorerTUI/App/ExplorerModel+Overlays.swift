import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// The shell's side of the overlays: opening them (history, export and compare, curl import), what they may read,
/// and carrying out their answers, which belong to the tree, the request, the session or history rather than to the
/// overlay that asked.
extension ExplorerModel {
    /// What an overlay's update and render get of the explorer under it.
    public var overlayContext: OverlayContext {
        let collection = currentCollection
        return OverlayContext(pane: paneContext, collection: collection, activeEnvironment: collection.flatMap { environment(of: $0)?.name },
                              comparisonCandidates: comparisonCandidates, captures: session.captures, selectedRequest: tree.selectedRequestKey)
    }

    /// Carries out what an overlay answered.
    mutating func answer(_ reply: ModalReply) -> [AppEffect] {
        switch reply {
        case .handled:
            return []
        case .closed:
            modal = nil
            return []
        case .quit:
            return [.quit]
        case .help:
            modal = .help(scroll: 0)
            return []
        case let .submitted(dialog):
            modal = nil
            switch dialog {
            case let .form(form): return submitForm(form)
            case let .picker(picker): return choose(picker)
            case let .confirmation(confirmation): return confirm(confirmation)
            }
        case let .pickedEnvironment(index):
            modal = nil
            guard let collection = currentCollection, collection.environments.indices.contains(index) else { return [] }
            session.activeEnvironment[collection.slug] = collection.environments[index].name
            status = "Environment: \(collection.environments[index].name)"
            return []
        case let .saveCaptures(index):
            guard let collection = currentCollection, collection.environments.indices.contains(index) else { return [] }
            return saveCaptures(collection, environment: collection.environments[index])
        case let .importCommand(text):
            return importCommand(text)
        case let .compareWith(index):
            return compare(with: index)
        case let .copy(text, what):
            return [.copy(text: text, what: what)]
        case let .nextFormat(format):
            return exportRequest(format)
        case let .backToHistory(panel):
            // Read again: an answer that came while the comparison was open was dropped.
            modal = .history(panel)
            return listHistory()
        case .relist:
            return listHistory()
        case let .openExchange(id):
            modal = nil
            return openExchange(id)
        case let .replay(entry):
            modal = nil
            return replay(entry)
        case let .saveExchange(entry):
            return saveExchange(entry)
        case let .compare(panel):
            return compareExchanges(panel)
        case let .startLoad(plan): return startLoad(plan)
        case let .stopLoad(id): return [.stopLoad(id: id)]
        case let .paletteChose(item):
            modal = nil
            return paletteChose(item)
        case let .editEnvironments(index):
            let environments = currentCollection?.environments ?? []
            modal = .environments(EnvironmentEditor(environment: environments.indices.contains(index) ? environments[index].name : nil))
            return []
        case let .answeredPrompt(label, value):
            modal = nil
            session.promptAnswers[label] = value
            return send(confirmed: true)
        case let .changeEnvironment(change):
            guard let collection = currentCollection else { return [] }
            status = "Saving the environments of \(collection.name)…"
            return [.changeEnvironment(change, directory: collection.directory, original: session.collectionFile(in: collection.directory))]
        case .removeCookie, .clearCookies:
            return changeCookies(reply)
        }
    }

    /// Takes the collections read back after an environment change, keeping unsaved request edits; a renamed
    /// environment stays the one in use.
    mutating func environmentChanged(_ change: EnvironmentChange, directory: String, result: CollectionLoadResult?, message: String) -> [AppEffect] {
        status = message
        guard let result else { return [] }
        reloaded(result)
        guard let collection = collections.first(where: { $0.directory == directory }) else { return [] }
        if case let .rename(old, name) = change, session.activeEnvironment[collection.slug]?.caseInsensitiveCompare(old) == .orderedSame {
            session.activeEnvironment[collection.slug] = name
        }
        if case .add = change, collection.environments.count == 1 { session.activeEnvironment[collection.slug] = change.environment }
        if var editor = modal?.environmentEditor {
            // A deleted environment's place is taken by the first; rows past the end come back to it.
            if editor.shown(in: collection)?.name.caseInsensitiveCompare(editor.environment ?? "") != .orderedSame { editor.environment = nil }
            editor.row = min(editor.row, max(0, editor.rowCount(of: editor.shown(in: collection)) - 1))
            modal = .environments(editor)
        }
        return []
    }

    /// Sends the selected request in the active environment and in the candidate `index`, and compares the two.
    private mutating func compare(with index: Int) -> [AppEffect] {
        let candidates = comparisonCandidates
        guard case let .tool(_, back)? = modal, candidates.indices.contains(index), let first = selectedResolver else {
            modal = nil
            return []
        }
        var second = first
        second.environment = candidates[index]
        let id = takeSendID()
        modal = .tool(.comparing(id: id, first: first.environment?.name ?? "none", second: candidates[index].name), returnTo: back)
        return [.compare(id: id, first: first, second: second)]
    }

    /// Opens the history list: the selected request's exchanges, or every request's (`all`, or nothing selected).
    mutating func openHistory(all: Bool) -> [AppEffect] {
        guard session.historyIsOn else {
            status = session.historyProblem ?? "History is off (--no-history or APIEXPLORER_HISTORY=off), or its file is still opening."
            return []
        }
        modal = .history(HistoryPanel(reference: all ? nil : tree.selectedRequestKey?.description))
        return listHistory()
    }

    /// Reads the open list again with its current filters.
    mutating func listHistory() -> [AppEffect] {
        guard var panel = modal?.historyPanel else { return [] }
        let id = takeSendID()
        panel.pending = id
        modal = .history(panel)
        return [.loadHistory(id: id, query: panel.query)]
    }

    /// Compares the marked exchange with the selected one, or the selected one with the live response.
    mutating func compareExchanges(_ panel: HistoryPanel) -> [AppEffect] {
        guard let entry = panel.selected else { return [] }
        let comparison: (first: Int64, second: Int64?, live: ResponseSummary?, against: String)
        if let marked = panel.marked, marked != entry.id {
            comparison = (marked, entry.id, nil, "#\(entry.id)")
        } else if case let .received(summary) = responseView.state, summary.past == nil {
            comparison = (entry.id, nil, summary, "the live response")
        } else {
            status = "Space marks an exchange, then c on another compares the two; with none marked, c compares with a response just received."
            return []
        }
        let id = takeSendID()
        modal = .tool(.comparing(id: id, first: "#\(comparison.first)", second: comparison.against, from: .history), returnTo: panel)
        return [.compareExchanges(id: id, first: comparison.first, second: comparison.second, live: comparison.live)]
    }

    /// The environments the active one can be compared with: the current collection's others.
    public var comparisonCandidates: [EnvironmentSpec] {
        guard let collection = currentCollection else { return [] }
        let active = environment(of: collection)?.name
        return collection.environments.filter { $0.name != active }
    }

    /// Opens the export overlay and asks the run loop to write the selected request in `format`.
    mutating func exportRequest(_ format: ExportFormat) -> [AppEffect] {
        guard let resolver = selectedResolver else {
            status = "Select a request in the tree first."
            return []
        }
        let id = takeSendID()
        modal = .tool(.exporting(id: id, format: format))
        status = ExplorerModel.emptyCredentialWarning(resolver, environmentKey: keyMap.keyLabel(for: .pickEnvironment, focus: focus))
        return [.export(id: id, resolver: resolver, format: format)]
    }

    /// Opens the list of environments to compare the active one with.
    mutating func chooseComparison() -> [AppEffect] {
        guard selectedResolver != nil else {
            status = "Select a request in the tree first."
            return []
        }
        guard !comparisonCandidates.isEmpty else {
            status = "Comparing needs a second environment in this collection."
            return []
        }
        modal = .tool(.choosingEnvironment(selection: 0))
        return []
    }

    /// Applies a finished export or comparison, if it is the one the overlay is waiting for.
    mutating func updateToolPanel(_ message: AppMessage) -> [AppEffect] {
        guard case let .tool(panel, back)? = modal else { return [] }
        switch (message, panel) {
        case let (.exported(id, format, text), .exporting(current, _)) where id == current:
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalSafeText.sanitize(String($0)) }
            if lines.last == "" { lines.removeLast() }
            modal = .tool(.exported(format: format, lines: lines, scroll: 0), returnTo: back)
        case let (.compared(id, lines), .comparing(current, first, second, _)) where id == current:
            modal = .tool(.compared(title: "\(first) ↔ \(second)", lines: lines, scroll: 0), returnTo: back)
        case let (.toolFailed(id, text), .exporting(current, format)) where id == current:
            modal = .tool(.failed(title: "Export as \(format.title)", message: text), returnTo: back)
        case let (.toolFailed(id, text), .comparing(current, first, second, _)) where id == current:
            modal = .tool(.failed(title: "Compare \(first) ↔ \(second)", message: text), returnTo: back)
        default:
            break
        }
        return []
    }

    /// A warning when the credentials the request sends come out empty (a secret that is not set), or nil.
    static func emptyCredentialWarning(_ resolver: RequestResolver, environmentKey: String?) -> String? {
        let shows = environmentKey.map { "; \($0) shows the environment." } ?? "."
        let variables = resolver.variableResolver
        func empty(_ text: String) -> Bool {
            // A secret with no value shows as {{name}} in a preview; it is empty all the same.
            let names = TemplateScanner.names(in: text)
            if !names.isEmpty, names.allSatisfy({ variables.lookup($0).map { $0.secret && $0.value.isEmpty && $0.fromEnvironment == nil } ?? false }) {
                return true
            }
            return ((try? variables.resolve(text)) ?? "").isEmpty
        }
        switch resolver.effectiveAuth {
        case let .bearer(token) where empty(token):
            return "Warning: the bearer token is empty (\(token.isEmpty ? "no token" : token) is not set)\(shows)"
        case let .apiKey(name, value, _) where empty(value):
            return "Warning: the API key \(name) is empty (\(value.isEmpty ? "no value" : value) is not set)\(shows)"
        case let .basic(username, password) where empty(password) && !password.isEmpty,
             let .digest(username, password) where empty(password) && !password.isEmpty:
            return "Warning: the password for \(username) is empty (\(password) is not set)."
        case let .aws(_, secretKey, _, _, _) where empty(secretKey):
            return "Warning: the AWS secret key is empty (\(secretKey.isEmpty ? "no value" : secretKey) is not set)\(shows)"
        default:
            return nil
        }
    }

    /// Opens the prompt for a curl command (or an OpenAPI description's path).
    mutating func openImport() {
        // With no collection to import a command into, I imports a whole collection from a file.
        if collections.isEmpty { return openFileImport() }
        guard currentCollection != nil else {
            status = "There is no collection to import into."
            return
        }
        modal = .importPrompt(TextField(placeholder: "paste a curl command (Copy as cURL), or type an OpenAPI spec's path"))
    }

    /// Parses the command; then asks for the new request's name, to be placed in the folder at the tree cursor. A
    /// command that does not parse keeps the prompt open with the error, so the text is not lost.
    mutating func importCommand(_ text: String) -> [AppEffect] {
        // A spec's path imports the description as a new collection beside the others.
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.lowercased().hasPrefix("curl"), ["yaml", "yml", "json"].contains(PathText.pathExtension(trimmed).lowercased()),
           let directory = newCollectionDirectory {
            modal = nil
            status = "Importing \(trimmed)…"
            return [.importFile(path: trimmed, directory: directory)]
        }
        guard let target = folderAtCursor else { return [] }
        do {
            let parsed = try CurlImporter.request(from: text, source: "curl")
            modal = nil
            var notes = parsed.report.items.map(\.message)
            if !parsed.attachments.isEmpty { notes.append("files it reads (\(parsed.attachments.map(\.sourcePath).joined(separator: ", "))) were not copied") }
            status = notes.isEmpty ? nil : "Not converted: " + notes.joined(separator: "; ")
            modal = .dialog(.form(NameForm(title: " Import into \(target.folder.name) ", fields: [("Name", parsed.request.name)],
                                    purpose: .importCurl(folder: target.key, request: parsed.request), note: "Enter: create · Esc: cancel")))
            return []
        } catch {
            status = "Not imported: \(error.description) (fix the command, or Esc)"
            return []
        }
    }

    /// Puts a written request into the tree where a reload would show it, and selects it.
    mutating func importFinished(_ message: AppMessage) -> [AppEffect] {
        switch message {
        case let .requestAdded(slug, request, data):
            guard let index = collections.firstIndex(where: { $0.slug == slug }) else { return [] }
            // The folder is the one whose directory holds the new file.
            let directory = PathText.deletingLastComponent(request.file)
            var folderPath: [String] = []
            func insert(into folder: inout FolderSpec, path: [String]) -> Bool {
                if folder.directory == directory {
                    var requests = folder.requests + [request]
                    // The loader lists request files in name order, after those the folder's `order` names.
                    requests.sort { PathText.lastComponent($0.file) < PathText.lastComponent($1.file) }
                    folder.requests = requests
                    folder.applyOrder()
                    folderPath = path
                    return true
                }
                for sub in folder.folders.indices where insert(into: &folder.folders[sub], path: path + [folder.folders[sub].slug]) { return true }
                return false
            }
            guard insert(into: &collections[index].root, path: []) else { return [] }
            let key = RequestKey(collection: slug, path: folderPath + [request.slug])
            tree.reveal(key)
            tree.filter = ""
            requestEditor.drafts[key, default: RequestDraft()].original = data
            if let row = treeRows.firstIndex(where: { $0.key == key }) { tree.cursor = row }
            tree.selectedRequestKey = key
            focus = .tree
            let note = status.map { " — \($0)" } ?? ""
            status = "Imported \(request.name) as \(key)\(note)"
        case let .addFailed(text):
            status = text
        default: break
        }
        return []
    }

    // The Cookies view: opened on the jar of the collection and environment in use, read and changed by the run loop.

    /// Ctrl-K: opens the Cookies view and asks for the jar's cookies.
    mutating func openCookies() -> [AppEffect] {
        guard let collection = currentCollection else {
            status = "There is no collection, so no cookie jar."
            return []
        }
        let environment = environment(of: collection)
        let keeps = environment?.keepSessionCookies ?? collection.keepSessionCookies ?? false
        let panel = CookiePanel(directory: collection.directory, collectionName: collection.name, environment: environment?.name,
                                keepsSessionCookies: keeps)
        modal = .cookies(panel)
        return [.cookies(directory: panel.directory, environment: panel.environment, keepsSessionCookies: keeps)]
    }

    /// d or a confirmed D in the view: the jar is changed and read again.
    mutating func changeCookies(_ reply: ModalReply) -> [AppEffect] {
        guard let panel = modal?.cookiePanel else { return [] }
        switch reply {
        case let .removeCookie(cookie):
            return [.cookies(directory: panel.directory, environment: panel.environment, keepsSessionCookies: panel.keepsSessionCookies, remove: cookie)]
        case .clearCookies:
            return [.cookies(directory: panel.directory, environment: panel.environment, keepsSessionCookies: panel.keepsSessionCookies, clear: true)]
        default:
            return []
        }
    }

    /// The jar was read: the open view of that jar shows its cookies.
    mutating func cookiesListed(directory: String, environment: String?, cookies: [CookieRecord]?) {
        guard var panel = modal?.cookiePanel, panel.directory == directory, panel.environment == environment else { return }
        panel.cookies = cookies ?? []
        panel.isOff = cookies == nil
        panel.selection = min(panel.selection, max(0, (cookies?.count ?? 0) - 1))
        panel.scroll = min(panel.scroll, panel.selection)
        modal = .cookies(panel)
    }

    /// Opens the command palette on the actions, requests and environments, and asks history for the recent exchanges.
    mutating func openPalette() -> [AppEffect] {
        var palette = CommandPalette(items: CommandPalette.items(keyMap: keyMap, collections: collections, activeEnvironments: session.activeEnvironment),
                                     recent: session.recentPicks)
        guard session.historyIsOn else {
            modal = .palette(palette)
            return []
        }
        let id = takeSendID()
        palette.pending = id
        modal = .palette(palette)
        return [.loadHistory(id: id, query: HistoryQuery(limit: CommandPalette.historyLimit))]
    }

    /// Recent exchanges for the open palette arrived; false when they were not the palette's.
    mutating func paletteListed(id: Int, entries: [HistoryEntry]) -> Bool {
        guard var palette = modal?.palette, palette.pending == id else { return false }
        palette.pending = nil
        palette.add(CommandPalette.exchangeItems(entries, now: now))
        modal = .palette(palette)
        return true
    }

    /// Enter on a palette row: runs the action in its pane, selects the request, switches environment, shows or exports.
    mutating func paletteChose(_ item: PaletteItem) -> [AppEffect] {
        session.remember(item.id)
        switch item.target {
        case let .action(action, pane):
            if let pane, pane != focus {
                screen.maximized = nil
                focus = pane
            }
            return perform(action)
        case let .request(key):
            reveal(key)
            return []
        case let .environment(slug, name):
            guard collections.contains(where: { $0.slug == slug && $0.environment(named: name) != nil }) else {
                status = "The environment \(name) is no longer there."
                return []
            }
            session.activeEnvironment[slug] = name
            status = "Environment: \(name)"
            return []
        case let .exchange(id):
            return openExchange(id)
        case let .export(format): return exportRequest(format)
        }
    }

    /// Shows the request `key` in the tree, its folders opened and a filter that hides it cleared, and selects it.
    mutating func reveal(_ key: RequestKey) {
        tree.reveal(key)
        if !tree.filter.isEmpty, !treeRows.contains(where: { $0.key == key }) { tree.filter = "" }
        guard let row = treeRows.firstIndex(where: { $0.key == key }) else {
            status = "\(key) is no longer in the tree."
            return
        }
        tree.cursor = row
        syncSelectionWithCursor(strict: true)
        screen.maximized = nil
        focus = .tree
    }
}
