import ExplorerCore

/// Handing the request file, or just the body, to `$VISUAL`/`$EDITOR`.
extension RequestPane {
    /// In the Body tab the body text (JSON or text) goes to the editor, in the Scripts tab the selected inline script;
    /// elsewhere the request file does.
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
        if focus == .request, requestEditor.tab == .scripts {
            let phase = RequestPane.scriptPhase(atRow: requestEditor.selection)
            var text = ""
            switch request.scripts[phase]?.body {
            case let .inline(written)?: text = written
            case .file?:
                status = "A file script is edited as a file; i changes its path, E in the tree opens the request file."
                return []
            case nil: break
            }
            return [.openEditor(ExternalEdit(key: selected.key, target: .script(phase), file: request.file, text: text, original: nil))]
        }
        guard requestEditor.drafts[selected.key]?.edited == nil else {
            status = "Save (s) the unsaved edits first: the editor opens the file as it is on disk."
            return []
        }
        return [.openEditor(ExternalEdit(key: selected.key, target: .requestFile, file: request.file, text: "",
                                         original: requestEditor.drafts[selected.key]?.original))]
    }
}
