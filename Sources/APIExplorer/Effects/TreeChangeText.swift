import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace

/// What the status line says after a tree change.
enum TreeChangeText {
    /// A sentence for a change that worked; `key` is the tree key now selected.
    static func done(_ change: TreeChange, key: String, keyMap: KeyMap) -> String {
        switch change {
        case let .newRequest(name, _, _):
            let url = keyMap.keyLabel(for: .editURL, focus: .request), method = keyMap.keyLabel(for: .pickMethod, focus: .request)
            let keys = [url.map { "\($0) edits its URL" }, method.map { url == nil ? "\($0) picks its method" : "\($0) its method" }].compactMap { $0 }
            return "Created \(name.isEmpty ? key : name) as \(key)" + (keys.isEmpty ? "." : "; " + keys.joined(separator: ", ") + ".")
        case let .newFolder(name, _): return "Created the folder \(name) (\(key))."
        case let .duplicate(request, name, _): return "Duplicated \(request.name) as \(name) (\(key))."
        case let .rename(request, name, renameFile, _):
            return "Renamed \(request.name) to \(name)" + (renameFile ? " (\(key))." : ".")
        case let .move(request, folder):
            // Body files are found relative to the request file, so a move can leave them behind.
            var files: [String] = []
            switch request.body {
            case let .file(path, _) where !path.hasPrefix("/"): files = [path]
            case let .multipart(fields): files = fields.compactMap(\.file).filter { !$0.hasPrefix("/") }
            default: break
            }
            let note = files.isEmpty ? "" : " Its body reads \(files.joined(separator: ", ")) relative to the file: check the path."
            return "Moved \(request.name) to \(folder.name) (\(key))." + note
        case let .delete(request): return "Deleted \(request.name) (\(PathText.lastComponent(request.file)))."
        }
    }
}
