import ExplorerCore
import Foundation

/// Importing a pasted curl command into the current collection as a new request file.
extension ExplorerModel {
    /// Opens the prompt for a curl command.
    mutating func openImport() {
        guard currentCollection != nil else {
            status = "There is no collection to import into."
            return
        }
        modal = .importPrompt(TextField(placeholder: "paste a curl command (Copy as cURL)"))
    }

    /// Parses the command; then asks for the new request's name, to be placed in the folder at the tree cursor. A
    /// command that does not parse keeps the prompt open with the error, so the text is not lost.
    mutating func importCommand(_ text: String) -> [AppEffect] {
        guard let target = folderAtCursor else { return [] }
        do {
            let parsed = try CurlImporter.request(from: text, source: "curl")
            modal = nil
            var notes = parsed.report.items.map(\.message)
            if !parsed.attachments.isEmpty { notes.append("files it reads (\(parsed.attachments.map(\.sourcePath).joined(separator: ", "))) were not copied") }
            status = notes.isEmpty ? nil : "Not converted: " + notes.joined(separator: "; ")
            modal = .dialog(.form(NameForm(title: " Import into \(target.folder.name) ", fields: [("Name", parsed.request.name)],
                                    purpose: .importCurl(folder: target.key, request: parsed.request), note: "Enter: create · Esc: cancel")))
            return []
        } catch {
            status = "Not imported: \(error.description) (fix the command, or Esc)"
            return []
        }
    }

    /// Puts a written request into the tree where a reload would show it, and selects it.
    mutating func importFinished(_ message: AppMessage) -> [AppEffect] {
        switch message {
        case let .requestAdded(slug, request, data):
            guard let index = collections.firstIndex(where: { $0.slug == slug }) else { return [] }
            requestEditor.loadedFiles[request.file] = data
            // The folder is the one whose directory holds the new file.
            let directory = PathText.deletingLastComponent(request.file)
            var folderPath: [String] = []
            func insert(into folder: inout FolderSpec, path: [String]) -> Bool {
                if folder.directory == directory {
                    var requests = folder.requests + [request]
                    // The loader lists request files in name order, after those the folder's `order` names.
                    requests.sort { PathText.lastComponent($0.file) < PathText.lastComponent($1.file) }
                    folder.requests = requests
                    folder.applyOrder()
                    folderPath = path
                    return true
                }
                for sub in folder.folders.indices where insert(into: &folder.folders[sub], path: path + [folder.folders[sub].slug]) { return true }
                return false
            }
            guard insert(into: &collections[index].root, path: []) else { return [] }
            for depth in 0...folderPath.count { tree.expanded.insert(([slug] + folderPath.prefix(depth)).joined(separator: "/")) }
            tree.filter = ""
            let key = ([slug] + folderPath + [request.slug]).joined(separator: "/")
            if let row = treeRows.firstIndex(where: { $0.key == key }) { tree.cursor = row }
            tree.selectedRequestKey = key
            focus = .tree
            let note = status.map { " — \($0)" } ?? ""
            status = "Imported \(request.name) as \(key)\(note)"
        case let .addFailed(text):
            status = text
        default: break
        }
        return []
    }
}
