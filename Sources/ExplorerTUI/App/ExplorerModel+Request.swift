import ExplorerCore
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
