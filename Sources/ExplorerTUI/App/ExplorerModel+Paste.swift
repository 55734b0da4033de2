import ExplorerCore

/// Pasted text goes into the field being edited, and is never read as keys: a paste into the tree cannot send or quit.
extension ExplorerModel {
    mutating func paste(_ text: String) -> [AppEffect] {
        if case var .form(form)? = modal?.dialog {
            form.fields[form.focused].field.insert(text)
            modal = .dialog(.form(form))
        } else if case var .picker(picker)? = modal?.dialog, picker.custom != nil {
            picker.selection = picker.options.count
            picker.custom?.insert(text)
            modal = .dialog(.picker(picker))
        } else if modal?.dialog != nil {
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
        } else if var editor = requestEditor.edit?.row {
            if editor.field == .name { editor.name.insert(text) } else { editor.value.insert(text) }
            requestEditor.edit = .row(editor)
        } else if var field = requestEditor.edit?.url {
            field.insert(text)
            requestEditor.edit = .url(field)
        } else if var editor = requestEditor.edit?.value {
            editor.field.insert(text)
            requestEditor.edit = .value(editor)
        } else if var editor = requestEditor.edit?.body {
            editor.area.insert(text)
            requestEditor.edit = .body(editor)
            return inRequest { $0.checkBodyJSON() }
        } else if var field = modal?.importField {
            field.insert(text)
            modal = .importPrompt(field)
        } else if CurlImporter.looksLikeCurl(text) {
            // A curl command pasted anywhere else is offered for import, never run as keys.
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
