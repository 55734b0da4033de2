import ExplorerCore
import ExplorerWorkspace

/// One visible row of the collections tree.
public struct TreeRow: Sendable, Equatable {
    /// What the row stands for.
    public enum Kind: Sendable, Equatable {
        /// A collection.
        case collection
        /// A folder, with its path of slugs below the collection.
        case folder([String])
        /// A request, with its path of slugs below the collection.
        case request([String])
        /// A file that could not be loaded, or loaded with a warning: an index into `ExplorerModel.problems`.
        case problem(Int)
    }

    /// What the row stands for.
    public var kind: Kind
    /// Which collection it belongs to.
    public var collectionIndex: Int
    /// Indentation level.
    public var depth: Int
    /// The display name.
    public var title: String
    /// The HTTP method, for requests.
    public var method: String?
    /// The key used for expansion and edits: `collection/folder/request`.
    public var key: RequestKey
}
