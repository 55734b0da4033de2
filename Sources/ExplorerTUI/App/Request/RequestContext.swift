import ExplorerCore
import ExplorerWorkspace

/// What the request pane's update and render may read of the explorer around it, and what they may write back: the
/// status line, an overlay to open (a picker), the next effect id, and a wish to send.
public struct RequestContext: Sendable {
    /// The key map, the screen, the clock and the status line.
    public var pane: PaneContext
    /// The selected request as saved, or nil when none is.
    public var saved: SavedSelection?
    /// A resolver for the saved request in its environment (the one in use in its collection), with the session's
    /// values (command line, captures).
    public var resolver: RequestResolver?
    /// The focused pane.
    public var focus: Focus
    /// What is open over the panes; the pane opens its pickers here.
    public var modal: Modal?
    /// The id the next effect whose answer comes back later takes.
    public var nextID: Int
    /// Set when a key in the pane asks for the request to be sent (Ctrl-J in the body editor).
    public var wantsSend = false

    /// Creates a context.
    public init(pane: PaneContext, saved: SavedSelection?, resolver: RequestResolver?, focus: Focus, modal: Modal?, nextID: Int) {
        self.pane = pane
        self.saved = saved
        self.resolver = resolver
        self.focus = focus
        self.modal = modal
        self.nextID = nextID
    }
}
