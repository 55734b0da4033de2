import ExplorerCore
import ExplorerWorkspace

/// The collections tree's own state: which folders are open, the cursor, the filter, and the request it selects.
public struct TreePane: Sendable {
    /// Keys of expanded collections and folders.
    public var expanded: Set<RequestKey> = []
    /// The cursor's row in the visible tree.
    public var cursor = 0
    /// The filter being typed, when open.
    public var filterField: TextField?
    /// The applied filter.
    public var filter = ""
    /// The request selected when the filter was opened, restored when Esc clears the filter.
    public var filterOrigin: RequestKey?
    /// The request whose details are shown (its tree key).
    public var selectedRequestKey: RequestKey?
    /// True until every request file has been read; folders opened meanwhile fill in when they are.
    public var isLoading = false
    /// The collections directory shown, where new collections go; nil when the collections were not read from one
    /// (then they go beside the first collection).
    public var collectionsDirectory: String?

    /// Creates a tree with nothing open.
    public init() {}
}
