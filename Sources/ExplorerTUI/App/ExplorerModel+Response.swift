import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// The shell's side of the response pane: copying (from whichever pane has the focus), saving the body, the pager,
/// and showing a kept exchange from history in the pane (on selection, on request, or sent again).
extension ExplorerModel {
    /// y: copies from the focused pane (the tree copies the request as curl).
    mutating func copy() -> [AppEffect] {
        switch focus {
        case .response:
            return inPane(\.responseView) { view, context in view.copy(context: &context) }
        case .request:
            return inRequest { $0.copy() }
        case .tree:
            return copyAsCurl()
        }
    }

    mutating func copyAsCurl() -> [AppEffect] {
        guard let resolver = selectedResolver else {
            status = "Select a request in the tree first."
            return []
        }
        return [.copyRequest(resolver: resolver)]
    }

    mutating func openSaveBody() {
        guard case let .received(summary) = responseView.state else {
            status = "Nothing to save: there is no response yet."
            return
        }
        let suggested: String
        switch summary.body.kind {
        case .json: suggested = "response.json"
        case .binary: suggested = "response.bin"
        default: suggested = "response.txt"
        }
        modal = .dialog(.form(NameForm(title: " Save the body (\(MeasurementText.byteCount(summary.byteCount))) ", fields: [("File", suggested)],
                                purpose: .saveBody, note: "The bytes as received (gzip decoded) · relative to the current directory")))
    }

    mutating func saveBodySubmitted(_ form: NameForm) -> [AppEffect] {
        guard case let .received(summary) = responseView.state else { return [] }
        let path = form.value(0)
        guard !path.isEmpty else {
            modal = .dialog(.form(form))
            status = "Name the file to save to. Esc cancels."
            return []
        }
        modal = nil
        return [.saveBody(data: summary.data, path: path)]
    }

    /// C: the JSON value on the response's top line (or the current search match) proposed as a capture of the
    /// request it answers, in that request's Checks tab, ready for Enter (or an edit of its name first).
    mutating func proposeCapture() {
        guard case let .received(summary) = responseView.state, summary.body.kind == .json else {
            status = "C captures a value from a JSON response; there is none here."
            return
        }
        guard responseView.bodyView.filtered == nil else {
            status = "Remove the JSONPath filter (f, then Esc) first: C takes its path from the body as received."
            return
        }
        guard let key = responseView.key, key == tree.selectedRequestKey, selectedRequest != nil else {
            status = "This response is not the selected request's; send it again to capture from it."
            return
        }
        let view = responseView.bodyView
        guard view.pendingSearch == nil else {
            status = "Still searching" + (keyMap.keyLabel(for: .proposeCapture, focus: .response).map { "; press \($0) again once the line is found." } ?? ".")
            return
        }
        let line = view.matches.indices.contains(view.currentMatch) ? view.matches[view.currentMatch] : view.scroll
        guard let found = JSONLinePath.path(at: line, in: summary.body.lines(in: 0..<min(summary.body.lineCount, line + 1))) else {
            status = "Scroll (or search) so the value to capture is on the top line."
            return
        }
        // A capture's name is a variable name: what the key has of one, else `value`.
        let name = String(found.name.filter { $0.isLetter || $0.isNumber || "_-.".contains($0) }.prefix(40))
        requestEditor.tab = .checks
        requestEditor.edit = .value(ValueEditor(target: .checkRow(nil), label: "New: ",
                                                field: TextField(text: "capture \(name.isEmpty ? "value" : name) = \(found.path)"), isSecret: false))
        focus = .request
        screen.maximized = nil
        let saves = keyMap.keyLabel(for: .save, focus: .request).map { " (\($0) saves it)" } ?? ""
        status = "Enter adds the capture to \(key)\(saves); edit the name first if you like, Esc cancels."
    }

    /// x: the response on screen appended to its request's `examples:` (status, headers, body), which
    /// `apiexplorer mock` answers with; saved with the request's other edits, the rest of the file as it was.
    mutating func saveExample() -> [AppEffect] {
        guard case let .received(summary) = responseView.state else {
            status = "Nothing to save as an example: there is no response yet."
            return []
        }
        guard let key = responseView.key, key == tree.selectedRequestKey, let request = selectedRequest?.located.request else {
            status = "This response is not the selected request's; send it again to save it as an example."
            return []
        }
        guard !request.isWebSocket, !request.isGRPC else {
            status = "Examples are HTTP responses; apiexplorer mock serves HTTP requests only."
            return []
        }
        guard summary.body.kind != .binary, let body = String(data: summary.data, encoding: .utf8) else {
            status = "A binary body cannot be an example (examples: holds text); S saves it to a file."
            return []
        }
        let taken = Set(request.examples.compactMap(\.name))
        let name = ((request.examples.count + 1)...).lazy.map { "example \($0)" }.first { !taken.contains($0) } ?? "example"
        let effects = inRequest { pane in
            pane.editSelected { $0.examples.append(RequestExample(name: name, status: summary.statusCode, wireHeaders: summary.headers.map { Header($0.name, $0.value) }, body: body)) }
            return pane.saveSelected()
        }
        if !effects.isEmpty { status = "Saving the \(summary.statusCode) response as \(name) in examples: (with the request's other edits)…" }
        return effects
    }

    mutating func openPager() -> [AppEffect] {
        guard case let .received(summary) = responseView.state else {
            status = "Nothing to page: there is no response yet."
            return []
        }
        return [.openPager(document: responseView.bodyView.filtered ?? summary.body, data: summary.data)]
    }

    /// Asks for a kept exchange to show in the response pane.
    mutating func openExchange(_ exchangeID: Int64) -> [AppEffect] {
        let id = takeSendID()
        responseView.pendingPast = id
        focus = .response
        return [.openExchange(id: id, exchangeID: exchangeID)]
    }

    /// Sends a kept exchange again exactly as it was sent.
    mutating func replay(_ entry: HistoryEntry) -> [AppEffect] {
        let (id, effects) = beginResponse(key: RequestKey(entry.reference ?? "history #\(entry.id)"))
        focus = .response
        $status.show(.replaying(id: entry.id))
        let current = entry.reference.flatMap { self.resolver(forKey: RequestKey($0), environment: entry.environment) }
        return effects + [.replay(id: id, exchangeID: entry.id, resolver: current)]
    }

    /// After a selection change: shows the newly selected request's last kept response, unless a response for it is
    /// already on screen or one is on its way.
    mutating func restorePastResponse() -> [AppEffect] {
        // Whatever was asked for before is no longer wanted, whether or not something is asked for now.
        responseView.pendingPast = nil
        guard session.historyIsOn, let key = tree.selectedRequestKey, key != responseView.key, let selected = selectedRequest else { return [] }
        if case .sending = responseView.state { return [] }
        let id = takeSendID()
        responseView.pendingPast = id
        return [.loadLatest(id: id, reference: key.description, environment: environment(of: selected.collection)?.name)]
    }

    /// Shows a kept exchange that was asked for, if it is still the one wanted.
    mutating func exchangeOpened(id: Int, _ exchange: HistoryExchange?, summary prepared: ResponseSummary? = nil) {
        guard responseView.pendingPast == id else { return }
        responseView.pendingPast = nil
        if case .sending = responseView.state { return }
        guard let exchange else { return }
        responseView.events = EventList()
        if let summary = prepared ?? ResponseSummary(past: exchange) {
            responseView.state = .received(summary)
            // A kept stream opens on its events with the times they came at.
            if summary.events != nil { responseView.tab = .stream } else if responseView.tab == .stream { responseView.tab = .body }
        } else {
            let when = MeasurementText.timestamp(exchange.sentAt, relativeTo: now)
            responseView.state = .failed("From history (#\(exchange.id ?? 0), sent \(when)\(exchange.environment.map { " in \($0)" } ?? "")): "
                               + (exchange.error ?? "no response"))
        }
        responseView.key = RequestKey(exchange.reference ?? "history #\(exchange.id ?? 0)")
        inPane(\.responseView) { $0.resetBody(context: &$1) }
    }

    /// A resolver for the saved request `key` (as saved, without unsaved edits) in the environment `name`, if both exist.
    func resolver(forKey key: RequestKey, environment name: String?) -> RequestResolver? {
        guard let (collection, located) = locate(key: key) else { return nil }
        var environment: EnvironmentSpec?
        if let name {
            guard let found = collection.environment(named: name) else { return nil }
            environment = found
        }
        var resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request, environment: environment,
                                       overrides: session.overrides, extraHeaders: session.extraHeaders, demoBaseURL: session.demoBaseURL)
        resolver.inputs.context = session.context
        return resolver
    }
}

/// The Capture view: what `apiexplorer proxy` recorded (its own history source), read again every second while open,
/// and any exchange of it saved as a request in the folder at the tree's cursor; what it opens shows in this pane.
extension ExplorerModel {
    /// Opens the Capture view.
    mutating func openCapture() -> [AppEffect] {
        guard session.historyIsOn else {
            status = session.historyProblem ?? "The Capture view reads history, which is off (--no-history or APIEXPLORER_HISTORY=off)."
            return []
        }
        modal = .history(HistoryPanel(reference: nil, source: HistoryPanel.captureSource))
        return listHistory()
    }

    /// Reads the Capture view again when a second has passed since it was last read and no read is under way.
    mutating func refreshCapture() -> [AppEffect] {
        guard let panel = modal?.historyPanel, panel.isCapture, panel.pending == nil, panel.filterField == nil else { return [] }
        if let listedAt = panel.listedAt, now.timeIntervalSince(listedAt) < 1 { return [] }
        return listHistory()
    }

    /// True while something on screen changes with the clock alone: the Capture view keeps itself up to date.
    public var isCapturing: Bool { modal?.historyPanel?.isCapture == true }

    /// s on a captured exchange: reads it from history, then writes it as a request in the folder at the cursor.
    mutating func saveExchange(_ entry: HistoryEntry) -> [AppEffect] {
        guard let target = folderAtCursor else {
            status = "There is no collection to save into: add one first (N in the tree)."
            return []
        }
        let id = takeSendID()
        session.pendingSave = (id: id, folder: target.key)
        status = "Saving #\(entry.id) into \(target.folder.name)…"
        return [.openExchange(id: id, exchangeID: entry.id)]
    }

    /// The exchange read for a save: the request to write, or nil when this read was not for one.
    mutating func savedExchangeOpened(id: Int, _ exchange: HistoryExchange?) -> [AppEffect]? {
        guard let pending = session.pendingSave, pending.id == id else { return nil }
        session.pendingSave = nil
        guard let exchange, let folder = folder(forKey: pending.folder) else {
            status = "Not saved: the exchange or the folder is gone."
            return []
        }
        let collection = collections.first { $0.slug == pending.folder.collection }
        let baseURL = collection.flatMap { environment(of: $0)?.baseURL }
        let request = CapturedRequest.request(from: exchange, baseURL: baseURL)
        let secrets = CapturedRequest.variables(in: request).filter { $0 != "{{baseURL}}" }
        // The tree's "Imported … as …" follows this note once the file is written.
        status = secrets.isEmpty ? nil : "set \(secrets.joined(separator: ", ")): history keeps no secrets"
        return [.addRequest(collection: pending.folder.collection, request: request, folder: folder)]
    }
}
