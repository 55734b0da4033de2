import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The Body tab: the body editor with its live JSON check, the body kind and pretty-printing.
extension RequestPane {
    mutating func openBodyEditor() {
        guard let request = selectedRequest?.located.request else { return }
        switch request.body {
        case let .json(text), let .text(text, _):
            // Reopening the same body keeps its undo history and cursor.
            if let key = selectedKey, let kept = requestEditor.drafts[key]?.bodyEditor, kept.area.text == text {
                requestEditor.edit = .body(kept)
                return
            }
            var area = TextArea(text: text)
            area.showsLineNumbers = true
            var editor = BodyEditor(area: area, jsonError: request.body.typeName == "json" ? JSONTemplate.validate(text) : nil)
            editor.area.markUnmodified()
            requestEditor.edit = .body(editor)
        case .none where request.isWebSocket:
            // A WebSocket request's Body tab is the message composer: text, with no kind to choose first.
            editSelected { $0.body = .text("", contentType: nil) }
            openBodyEditor()
        case .none:
            status = "No body" + press(.pickBodyKind, "to choose a kind (JSON, text, form, multipart, file)", lead: ": press") + "."
        case .form, .multipart:
            let fieldKeys = keys([.addRow: "adds", .editRow: "edits", .deleteRow: "deletes"], separator: ", ")
            status = fieldKeys.isEmpty ? "Form fields." : "Form fields: \(fieldKeys)."
        case let .file(path, _):
            requestEditor.edit = .value(ValueEditor(target: .bodyFile, label: "File: ", field: TextField(text: path), isSecret: false))
        case let .graphql(body):
            if let key = selectedKey, let kept = requestEditor.drafts[key]?.bodyEditor, !kept.editsVariables, kept.area.text == body.query {
                requestEditor.edit = .body(kept)
            } else {
                var area = TextArea(text: body.query)
                area.showsLineNumbers = true
                var editor = BodyEditor(area: area)
                editor.area.markUnmodified()
                requestEditor.edit = .body(editor)
            }
            markUnknownNames()
        }
    }

    /// v on a GraphQL body: its variables in the editor, checked as JSON as they are typed.
    mutating func openVariablesEditor() {
        guard case let .graphql(body)? = selectedRequest?.located.request.body else {
            status = "Only a GraphQL body has variables (t chooses the kind)."
            return
        }
        let text = body.variables.isEmpty ? "{}" : body.variables
        var area = TextArea(text: text)
        area.showsLineNumbers = true
        // Inside the empty object, so what is typed goes between its braces ({…}{} otherwise).
        if text == "{}" { area.move(to: TextArea.Location(line: 0, column: 1)) }
        var editor = BodyEditor(area: area, jsonError: JSONTemplate.validate(text))
        editor.editsVariables = true
        editor.area.markUnmodified()
        requestEditor.edit = .body(editor)
    }

    /// The body editor's text goes into the draft; the editor is kept aside so reopening it can still undo.
    mutating func commitBodyEditor() {
        guard let editor = requestEditor.edit?.body else { return }
        if let phase = editor.script {
            commitScriptEditor(editor, phase: phase)
            return
        }
        let text = editor.area.text
        if editor.editsVariables {
            editSelected { request in
                guard case var .graphql(body) = request.body else { return }
                // `{}` is what the editor starts from: saved as no variables.
                body.variables = text.trimmingCharacters(in: .whitespacesAndNewlines) == "{}" ? "" : text
                request.body = .graphql(body)
            }
            return
        }
        if let key = selectedKey { requestEditor.drafts[key, default: RequestDraft()].bodyEditor = editor }
        editSelected { request in
            // A composed WebSocket message is JSON when it parses, text otherwise: no kind to pick first.
            switch request.body {
            case .text(_, nil) where request.isWebSocket, .json where request.isWebSocket:
                request.body = !text.isEmpty && JSONTemplate.validate(text) == nil ? .json(text) : .text(text, contentType: nil)
            default:
                request.body = request.body.replacingText(text)
            }
        }
    }

    /// Keys while the body editor has the cursor: text editing, Ctrl-Z/Ctrl-Y undo and redo, Alt-F... see `TextArea`;
    /// Esc leaves the editor (the text stays in the draft), Ctrl-J sends.
    mutating func handleBodyEditor(_ key: Key) -> [AppEffect] {
        guard var editor = requestEditor.edit?.body else { return [] }
        switch keyMap.action(for: key, in: .bodyEditor) {
        case .cancel?:
            commitBodyEditor()
            requestEditor.edit = nil
            if let error = editor.jsonError { status = "The JSON does not parse: \(error). It is kept; sending asks first." }
            if case .error? = editor.scriptVerdict, let verdict = editor.scriptVerdict {
                status = "The script does not compile (\(verdict.description.dropFirst(2))). It is kept\(pressToSave)."
            }
            return []
        case .send?:
            commitBodyEditor()
            requestEditor.edit = nil
            context.wantsSend = true
            return []
        case .save?:
            commitBodyEditor()
            requestEditor.edit = nil
            status = nil
            return saveSelected()
        case .complete? where completeQueryName() || completeMessageField():
            return []
        default:
            let page = max(1, screen.layout.request.height - 6)
            editor.offered = nil
            guard editor.area.handle(key, page: page) else {
                requestEditor.edit = .body(editor)
                return []
            }
            requestEditor.edit = .body(editor)
            markUnknownNames()
            return checkEditedText()
        }
    }

    /// Checks the text being edited as it changes: a script's syntax, or a JSON body.
    mutating func checkEditedText() -> [AppEffect] {
        requestEditor.edit?.body?.script != nil ? checkScriptSyntax() : checkBodyJSON()
    }

    /// Checks the JSON being edited: at once when it is small, else off the UI (the result comes as `.jsonChecked`).
    mutating func checkBodyJSON() -> [AppEffect] {
        guard var editor = requestEditor.edit?.body, editor.script == nil,
              editor.editsVariables || selectedRequest?.located.request.body.typeName == "json" else { return [] }
        let text = editor.area.text
        guard text.utf8.count > BodyEditor.inlineCheckLimit || editor.pendingCheck != nil else {
            editor.jsonError = JSONTemplate.validate(text)
            requestEditor.edit = .body(editor)
            return []
        }
        // One check of a large body at a time; keys typed meanwhile are checked together when it reports.
        let id = editor.beginCheck { takeID() }
        requestEditor.edit = .body(editor)
        return id.map { [.checkJSON(id: $0, text: text)] } ?? []
    }

    mutating func openBodyKindPicker() {
        guard let request = selectedRequest?.located.request else { return }
        let kinds = ["none", "json", "text", "form", "multipart", "file", "graphql"]
        context.modal = .dialog(.picker(ListPicker(title: " Body ", options: kinds, selected: request.body.typeName, purpose: .bodyKind)))
    }

    /// Changes the body's kind, keeping the text between JSON and text and the fields between form and multipart.
    mutating func setBodyKind(_ kind: String) {
        editSelected { request in
            let text = request.body.text ?? ""
            let rows = RequestPane.rows(.form, of: request) + RequestPane.rows(.multipart, of: request)
            switch kind {
            case "none": request.body = .none
            case "json": if request.body.typeName != "json" { request.body = .json(text.isEmpty ? "{}" : text) }
            case "text": if request.body.typeName != "text" { request.body = .text(text, contentType: nil) }
            case "form": if request.body.typeName != "form" { request.body = .form(rows) }
            case "multipart": if request.body.typeName != "multipart" { request = RequestPane.setting(rows, of: .multipart, in: request) }
            case "file": if request.body.typeName != "file" { request.body = .file(path: "", contentType: nil) }
            case "graphql": if request.body.typeName != "graphql" { request.body = .graphql(GraphQLBody(query: text.isEmpty ? "query {\n  \n}" : text)) }
            default: break
            }
        }
        requestEditor.selection = 0
        if kind == "file" {
            requestEditor.edit = .value(ValueEditor(target: .bodyFile, label: "File: ", field: TextField(text: "", placeholder: "path, relative to the request file"), isSecret: false))
        }
        status = "Body: \(kind)\(pressToSave)."
    }

    /// Pretty-prints a JSON body with the project's formatter: key order and number literals stay as written.
    mutating func formatBody() {
        if requestEditor.edit?.body != nil { commitBodyEditor() }
        guard case let .json(text)? = selectedRequest?.located.request.body else {
            status = "Only a JSON body can be pretty-printed."
            return
        }
        do {
            // Formatting changes the layout, not whether the text ends in a line break: a file's `content: |` stays `|`.
            var pretty = try JSONTemplate.prettyPrinted(text)
            if text.hasSuffix("\n"), !pretty.hasSuffix("\n") { pretty += "\n" }
            editSelected { $0.body = .json(pretty) }
            if var editor = requestEditor.edit?.body {
                editor.area.replaceAll(with: pretty)
                editor.jsonError = nil
                requestEditor.edit = .body(editor)
            }
            status = "Pretty-printed\(pressToSave)."
        } catch {
            status = "Not pretty-printed: the JSON does not parse (\(error))."
        }
    }
}
