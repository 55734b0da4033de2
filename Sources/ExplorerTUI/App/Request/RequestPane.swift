import ExplorerCore
import ExplorerWorkspace

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

    /// The label of the key in force for `action` in this pane ("s"), for texts that name it; nil when none is bound.
    func key(_ action: AppAction) -> String? {
        keyMap.keyLabel(for: action, focus: .request, tab: requestEditor.tab, isTable: currentTable != nil)
    }

    /// `lead` and the key in force for `action` and `purpose` ("; press s to save"); empty when no key does it.
    func press(_ action: AppAction, _ purpose: String, lead: String = "; press") -> String {
        key(action).map { "\(lead) \($0) \(purpose)" } ?? ""
    }

    /// "i edits · t kind" for the pairs whose action has a key in force, joined by `separator`.
    func keys(_ pairs: KeyValuePairs<AppAction, String>, separator: String = " · ") -> String {
        pairs.compactMap { pair in key(pair.key).map { "\($0) \(pair.value)" } }.joined(separator: separator)
    }

    /// "; press s to save" with the key in force.
    var pressToSave: String { press(.save, "to save") }

    /// The terminal size.
    var screen: Screen { context.pane.screen }

    /// The focused pane.
    var focus: Focus { context.focus }

    /// The selected request's tree key.
    var selectedKey: RequestKey? { context.saved?.key }

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
