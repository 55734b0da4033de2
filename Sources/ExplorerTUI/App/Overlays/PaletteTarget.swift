import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace

/// What Enter on a palette row does.
public enum PaletteTarget: Sendable, Equatable {
    /// Run the action, in `pane` when it is one pane's (focus moves there first).
    case action(AppAction, pane: Focus?)
    /// Select the request (`collection/folder/request`) in the tree.
    case request(key: RequestKey)
    /// Use the environment `name` in the collection `collection` (a slug).
    case environment(collection: String, name: String)
    /// Show the kept exchange in the response pane.
    case exchange(Int64)
    /// Export the selected request in this format (the export panel, where Tab goes on to the next).
    case export(ExportFormat)

    /// The short word in front of the row.
    public var kind: String {
        switch self {
        case .action: "action"
        case .request: "request"
        case .environment: "env"
        case .exchange: "history"
        case .export: "export"
        }
    }
}
