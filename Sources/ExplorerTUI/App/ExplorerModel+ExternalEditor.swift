import ExplorerCore

/// Handing the request file, or just the body, to `$VISUAL`/`$EDITOR`.
extension ExplorerModel {
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
            return [.openEditor(ExternalEdit(key: selected.key, target: .body, file: request.file, text: text))]
        }
        guard requestEditor.drafts[selected.key] == nil else {
            status = "Save (s) the unsaved edits first: the editor opens the file as it is on disk."
            return []
        }
        return [.openEditor(ExternalEdit(key: selected.key, target: .requestFile, file: request.file, text: ""))]
    }

    mutating func externalEditFinished(_ result: ExternalEditResult) -> [AppEffect] {
        switch result {
        case let .body(key, text):
            guard key == tree.selectedRequestKey else { return [] }
            editSelected { $0.body = $0.body.replacingText(text) }
            if case .json = selectedRequest?.located.request.body, let error = JSONTemplate.validate(text) {
                status = "Body updated from the editor; the JSON does not parse (\(error)). Press s to save."
            } else {
                status = requestEditor.drafts[key] == nil ? "Body unchanged." : "Body updated from the editor; press s to save."
            }
        case let .requestFile(key, loaded):
            let focused = focus
            _ = treeChanged(loaded, select: key, movedFrom: nil, message: "Reloaded \(key) from the editor.")
            focus = focused
        case let .failed(message):
            status = message
        }
        return []
    }
}
