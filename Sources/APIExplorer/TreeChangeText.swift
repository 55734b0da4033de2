import ExplorerCore

/// What the status line says after a tree change.
enum TreeChangeText {
    /// A sentence for a change that worked; `key` is the tree key now selected.
    static func done(_ change: TreeChange, key: String) -> String {
        switch change {
        case let .newRequest(name, _, _): return "Created \(name.isEmpty ? key : name) as \(key); u edits its URL, m its method."
        case let .newFolder(name, _): return "Created the folder \(name) (\(key))."
        case let .duplicate(request, name, _): return "Duplicated \(request.name) as \(name) (\(key))."
        case let .rename(request, name, renameFile, _):
            return "Renamed \(request.name) to \(name)" + (renameFile ? " (\(key))." : ".")
        case let .move(request, folder): return "Moved \(request.name) to \(folder.name) (\(key))."
        case let .delete(request): return "Deleted \(request.name) (\(PathText.lastComponent(request.file)))."
        }
    }
}
