import ExplorerCore
import ExplorerLoad
import ExplorerWorkspace

/// The shell's side of the request pane: what it lends the pane, and taking back what the pane changed.
extension ExplorerModel {
    /// What the request pane gets of the explorer for one update or frame.
    public var requestContext: RequestContext {
        var saved: SavedSelection?
        var resolver: RequestResolver?
        if let key = tree.selectedRequestKey, let found = locate(key: key) {
            saved = SavedSelection(collection: found.collection, located: found.located, key: key)
            resolver = self.resolver(for: found.collection, located: found.located)
        }
        return RequestContext(pane: paneContext, saved: saved, resolver: resolver, focus: focus, modal: modal, nextID: session.nextSendID)
    }

    /// The request pane as it would see the explorer now (for reading: its tables, its rows).
    public var requestPane: RequestPane { RequestPane(requestEditor, context: requestContext) }

    /// Runs `body` on the request pane and takes back what it changed: its state, the status line, an overlay it
    /// opened, the ids it used; a send it asked for follows the effects it returned.
    mutating func inRequest(_ body: (inout RequestPane) -> [AppEffect]) -> [AppEffect] {
        var pane = requestPane
        let effects = body(&pane)
        requestEditor = pane.requestEditor
        status = pane.context.pane.status
        modal = pane.context.modal
        session.nextSendID = pane.context.nextID
        return pane.context.wantsSend ? effects + send() : effects
    }
}

extension ExplorerModel {
    /// Keeps the body being edited as the selected request's draft (the editor stays as it is).
    mutating func commitBodyEditor() {
        _ = inRequest { pane in
            pane.commitBodyEditor()
            return []
        }
    }
}

extension ExplorerModel {
    /// W: the load panel of the selected request.
    mutating func openLoadPanel() -> [AppEffect] {
        guard let resolver = selectedResolver, let key = tree.selectedRequestKey else {
            status = "Select a request in the tree first."
            return []
        }
        guard !resolver.request.isWebSocket else {
            status = "A WebSocket request is a conversation; a load test sends HTTP requests."
            return []
        }
        if trustQuestion(sending: resolver) != nil {
            status = "Send the request once to trust its collection first: it reads or runs things outside it."
            return []
        }
        modal = .load(LoadPanel(request: "\(key)"))
        return []
    }

    /// Enter in the load panel: the test starts on the selected request as it is now (unsaved edits included).
    mutating func startLoad(_ plan: LoadPlan) -> [AppEffect] {
        guard case var .load(panel)? = modal, let resolver = selectedResolver else { return [] }
        let id = session.takeID()
        panel.stage = .running(id: id)
        modal = .load(panel)
        return [.startLoad(id: id, resolver: session.answered(resolver), plan: plan)]
    }

    /// A load test's progress, summary or failure, for the panel showing it.
    mutating func loadReported(_ message: AppMessage) -> [AppEffect] {
        guard case var .load(panel)? = modal else { return [] }
        switch message {
        case let .loadProgress(id, progress) where panel.testID == id:
            if case .running = panel.stage { panel.show(progress) }
        case let .loadFinished(id, summary) where panel.testID == id:
            panel.show(summary)
        case let .loadFailed(id, reason) where panel.testID == id:
            panel.stage = .setup
            panel.error = reason
        default:
            return []
        }
        modal = .load(panel)
        return []
    }
}
