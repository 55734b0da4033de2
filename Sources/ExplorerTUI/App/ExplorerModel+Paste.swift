import ExplorerCore

/// Pasted text goes into the field being edited, and is never read as keys: a paste into the tree cannot send or quit.
extension ExplorerModel {
    mutating func paste(_ text: String) -> [AppEffect] {
        if case var .form(form)? = dialog {
            form.fields[form.focused].field.insert(text)
            dialog = .form(form)
        } else if case var .picker(picker)? = dialog, picker.custom != nil {
            picker.selection = picker.options.count
            picker.custom?.insert(text)
            dialog = .picker(picker)
        } else if dialog != nil {
            status = "Pasted text ignored: answer the question first."
        } else if var field = tree.filterField {
            field.insert(text)
            tree.filterField = field
            tree.filter = field.text
            tree.cursor = min(tree.cursor, max(0, treeRows.count - 1))
            syncSelectionWithCursor(strict: true)
        } else if var field = responseView.bodyView.searchField {
            field.insert(text)
            responseView.bodyView.searchField = field
        } else if var editor = headerEditor {
            if editor.field == .name { editor.name.insert(text) } else { editor.value.insert(text) }
            headerEditor = editor
        } else if var field = urlField {
            field.insert(text)
            urlField = field
        } else if var editor = valueEditor {
            editor.field.insert(text)
            valueEditor = editor
        } else if var editor = bodyEditor {
            editor.area.insert(text)
            bodyEditor = editor
            return checkBodyJSON()
        } else if var field = importField {
            field.insert(text)
            importField = field
        } else if CurlImporter.looksLikeCurl(text) {
            // A curl command pasted anywhere else is offered for import, never run as keys.
            openImport()
            if var field = importField {
                field.insert(text)
                importField = field
                status = "Pasted a curl command: Enter imports it into \(folderAtCursor?.folder.name ?? "the collection"), Esc cancels."
            }
        } else {
            status = "Pasted text ignored here (\(text.count) characters): paste into a field (u edits the URL, a adds a row, i edits the body)."
        }
        return []
    }
}
