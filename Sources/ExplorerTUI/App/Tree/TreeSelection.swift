import ExplorerCore
import ExplorerWorkspace

/// What the tree selects once a change to it is written: an item by its key, or the item just made in a folder,
/// whose slug is known only when its file is written.
public enum TreeSelection: Sendable, Equatable {
    /// The item with this key.
    case key(RequestKey)
    /// The new item in this folder (or collection).
    case newIn(RequestKey)

    /// The key to select, once the new item's slug is known.
    public func key(slug: String) -> RequestKey {
        switch self {
        case let .key(key): key
        case let .newIn(folder): folder.appending(slug)
        }
    }
}
