import ExplorerCore
import ExplorerWorkspace

/// The request selected in the tree as its file was last loaded or saved: its collection, folders and request, and its
/// tree key.
public struct SavedSelection: Sendable {
    /// The collection holding it.
    public var collection: CollectionSpec
    /// Its folders and the request as saved.
    public var located: CollectionSpec.Located
    /// Its tree key (`collection/folder/request`).
    public var key: RequestKey

    /// Creates a selection.
    public init(collection: CollectionSpec, located: CollectionSpec.Located, key: RequestKey) {
        self.collection = collection
        self.located = located
        self.key = key
    }
}
