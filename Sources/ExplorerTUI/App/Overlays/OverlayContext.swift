import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace

/// What an overlay's update and render may read of the explorer under it, and the status line it may write.
public struct OverlayContext: Sendable {
    /// The key map, the screen, the clock and the status line.
    public var pane: PaneContext
    /// The collection the tree selection is in.
    public var collection: CollectionSpec?
    /// The environment in use in that collection.
    public var activeEnvironment: String?
    /// The environments the active one can be compared with.
    public var comparisonCandidates: [EnvironmentSpec]
    /// Values captured so far, listed by the environment picker.
    public var captures: CaptureStore
    /// The request selected in the tree, for the history list's scope.
    public var selectedRequest: RequestKey?

    /// Creates a context.
    public init(pane: PaneContext, collection: CollectionSpec?, activeEnvironment: String?,
                comparisonCandidates: [EnvironmentSpec], captures: CaptureStore, selectedRequest: RequestKey?) {
        self.pane = pane
        self.collection = collection
        self.activeEnvironment = activeEnvironment
        self.comparisonCandidates = comparisonCandidates
        self.captures = captures
        self.selectedRequest = selectedRequest
    }
}
