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
        importField = TextField(placeholder: "paste a curl command (Copy as cURL)")
    }

    /// Keys while the prompt is open: Enter imports, Esc closes. A pasted line ending in `\` continues on the next line.
    mutating func handleImport(_ key: Key) -> [AppEffect] {
        guard var field = importField else { return [] }
        switch key {
        case .escape:
            importField = nil
            return []
        case .enter, .control("j"):
            // Pasting a multi-line command delivers Enter after each `\`: that is a continuation, not the end.
            if field.text.hasSuffix("\\") {
                var text = field.text
                text.removeLast()
                field.setText(text + " ")
                importField = field
                return []
            }
            importField = nil
            return importCommand(field.text)
        default:
            _ = field.handle(key)
            importField = field
            return []
        }
    }

    private mutating func importCommand(_ text: String) -> [AppEffect] {
        guard let collection = currentCollection else { return [] }
        do {
            let parsed = try CurlImporter.request(from: text, source: "curl")
            var notes = parsed.report.items.map(\.message)
            if !parsed.attachments.isEmpty { notes.append("files it reads (\(parsed.attachments.map(\.sourcePath).joined(separator: ", "))) were not copied") }
            status = notes.isEmpty ? nil : "Not converted: " + notes.joined(separator: "; ")
            return [.addRequest(collection: collection.slug, request: parsed.request, folder: collection.root)]
        } catch {
            status = "Not imported: \(error.description)"
            return []
        }
    }

    /// Puts a written request into the tree where a reload would show it, and selects it.
    mutating func importFinished(_ message: AppMessage) -> [AppEffect] {
        switch message {
        case let .requestAdded(slug, request, data):
            guard let index = collections.firstIndex(where: { $0.slug == slug }) else { return [] }
            loadedFiles[request.file] = data
            var requests = collections[index].root.requests + [request]
            // The loader lists request files in name order, after those the collection's `order` names.
            requests.sort { PathText.lastComponent($0.file) < PathText.lastComponent($1.file) }
            collections[index].root.requests = requests
            collections[index].root.applyOrder()
            expanded.insert(slug)
            filter = ""
            let key = "\(slug)/\(request.slug)"
            if let row = treeRows.firstIndex(where: { $0.key == key }) { treeSelection = row }
            selectedRequestKey = key
            focus = .tree
            let note = status.map { " — \($0)" } ?? ""
            status = "Imported \(request.method) \(request.name) as \(key)\(note)"
        case let .addFailed(text):
            status = text
        default: break
        }
        return []
    }
}
