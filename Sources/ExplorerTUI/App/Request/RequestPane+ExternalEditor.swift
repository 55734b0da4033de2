import ExplorerCore

/// Handing the request file, or just the body, to `$VISUAL`/`$EDITOR`.
extension RequestPane {
    /// In the Body tab the body text (JSON or text) goes to the editor; elsewhere the request file does.
    mutating func openExternalEditor() -> [AppEffect] {
        if requestEditor.edit?.body != nil {
            commitBodyEditor()
            requestEditor.edit = nil
        }
        guard let selected = selectedRequest else {
            status = "Select a request in the tree first."
            return []
        }
        let request = selected.located.request
        if focus == .request, requestEditor.tab == .body {
            guard let text = request.body.text else {
                status = "Only a JSON or text body opens in the editor; E in the tree opens the whole file."
                return []
            }
            return [.openEditor(ExternalEdit(key: selected.key, target: .body, file: request.file, text: text, original: nil))]
        }
        guard requestEditor.drafts[selected.key]?.edited == nil else {
            status = "Save (s) the unsaved edits first: the editor opens the file as it is on disk."
            return []
        }
        return [.openEditor(ExternalEdit(key: selected.key, target: .requestFile, file: request.file, text: "",
                                         original: requestEditor.drafts[selected.key]?.original))]
    }
}
