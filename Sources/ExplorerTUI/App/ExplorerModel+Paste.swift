import ExplorerCore

/// Pasted text no overlay, prompt or editor took: a curl command is offered for import, anything else is ignored. It is
/// never read as keys, so a paste into the tree cannot send or quit.
extension ExplorerModel {
    mutating func pasteElsewhere(_ text: String) -> [AppEffect] {
        if CurlImporter.looksLikeCurl(text) {
            openImport()
            if var field = modal?.importField {
                field.insert(text)
                modal = .importPrompt(field)
                status = "Pasted a curl command: Enter imports it into \(folderAtCursor?.folder.name ?? "the collection"), Esc cancels."
            }
        } else {
            status = "Pasted text ignored here (\(text.count) characters): paste into a field (u edits the URL, a adds a row, i edits the body)."
        }
        return []
    }
}
