import ExplorerCore

/// The request pane at work: its own state (`RequestEditor`) with the context the shell lends it for one update or
/// one frame. Its methods see nothing of the explorer but these two.
public struct RequestPane: Sendable {
    /// The pane's own state, changed by its updates.
    public var requestEditor: RequestEditor
    /// What it reads of the explorer, and what it writes back.
    public var context: RequestContext

    /// Lends `context` to `editor`.
    public init(_ editor: RequestEditor, context: RequestContext) {
        requestEditor = editor
        self.context = context
    }

    /// The bottom bar's message.
    var status: String? {
        get { context.pane.status }
        set { context.pane.status = newValue }
    }

    /// The key map.
    var keyMap: KeyMap { context.pane.keyMap }

    /// The terminal size.
    var screen: Screen { context.pane.screen }

    /// The focused pane.
    var focus: Focus { context.focus }

    /// The selected request's tree key.
    var selectedKey: String? { context.saved?.key }

    /// The selected request with its unsaved edits applied.
    var selectedRequest: SavedSelection? {
        guard var selected = context.saved else { return nil }
        if let edited = requestEditor.drafts[selected.key]?.edited { selected.located.request = edited }
        return selected
    }

    /// The selected request as saved, without unsaved edits.
    var savedRequest: RequestSpec? { context.saved?.located.request }

    /// A resolver for the selected request with its unsaved edits.
    var selectedResolver: RequestResolver? {
        guard var resolver = context.resolver, let selected = selectedRequest else { return nil }
        resolver.request = selected.located.request
        return resolver
    }

    /// A new id for an effect whose answer comes back later.
    mutating func takeID() -> Int {
        defer { context.nextID += 1 }
        return context.nextID
    }
}
