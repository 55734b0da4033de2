import ExplorerCore
import Foundation

/// Composing the selected request: URL, method, body, credentials and options, all kept as an unsaved draft.
extension ExplorerModel {
    /// Changes the selected request's draft; an edit that brings it back to the file's state clears the draft.
    mutating func editSelected(_ change: (inout RequestSpec) -> Void) {
        guard let selected = selectedRequest else { return }
        var request = selected.located.request
        change(&request)
        requestEditor.drafts[selected.key] = request == savedRequest(selected.key) ? nil : request
    }

    /// True when the request `key` has unsaved edits (a draft, or a body being edited).
    public func isModified(_ key: String) -> Bool {
        requestEditor.drafts[key] != nil || (key == tree.selectedRequestKey && requestEditor.edit?.body?.area.isModified == true)
    }

    /// The names of the variables the selected request can use, for completion.
    var variableNames: [String] {
        guard let resolver = selectedResolver else { return [] }
        var seen = Set<String>()
        return resolver.variableResolver.scopes.flatMap { $0.variables.map(\.name) }.filter { seen.insert($0).inserted }
            + ["$uuid", "$timestamp", "$isoTimestamp", "$randomInt"]
    }

    // MARK: - URL and method

    mutating func openURLEditor() {
        guard let request = selectedRequest?.located.request else {
            status = "Select a request in the tree first."
            return
        }
        requestEditor.edit = .url(TextField(text: request.url, placeholder: "/path or https://host/path?query"))
    }

    /// Keys while the URL line has the cursor: readline editing, Tab completes a `{{variable}}`, Enter applies.
    mutating func handleURLField(_ key: Key) -> [AppEffect] {
        guard var field = requestEditor.edit?.url else { return [] }
        switch keyMap.action(for: key, in: .urlField) {
        case .cancel?:
            requestEditor.edit = nil
            status = "URL edit cancelled."
        case .confirm?:
            return applyURL(field.text)
        case .complete?:
            field = completeVariable(in: field)
            requestEditor.edit = .url(field)
        case let word? where word == .wordLeft || word == .wordRight:
            field.moveByWord(forward: word == .wordRight)
            requestEditor.edit = .url(field)
        case .deleteWordBefore?:
            // In a URL a word ends at punctuation (`/`, `{{`, `?`, `&`, `=`), not only at spaces.
            let end = field.cursor
            field.moveByWord(forward: false)
            field.delete(field.cursor..<end)
            requestEditor.edit = .url(field)
        default:
            field.handle(key)
            requestEditor.edit = .url(field)
        }
        return []
    }

    /// Completes the `{{name` before the cursor with the first variable name that starts with it.
    private func completeVariable(in field: TextField) -> TextField {
        let before = String(field.text.prefix(field.cursor))
        guard let open = before.range(of: "{{", options: .backwards), !before[open.upperBound...].contains("}") else {
            return field
        }
        let partial = String(before[open.upperBound...])
        guard let name = variableNames.first(where: { $0.hasPrefix(partial) && $0 != partial }) ?? variableNames.first(where: { $0 == partial }) else {
            return field
        }
        var completed = field
        let rest = String(field.text.dropFirst(field.cursor))
        let closing = rest.hasPrefix("}}") ? "" : "}}"
        completed.setText(String(before.dropLast(partial.count)) + name + closing + rest)
        completed.moveTo(before.count - partial.count + name.count + 2)
        return completed
    }

    /// Takes the URL as typed: a query written after `?` moves into the Params table, so the two never disagree.
    private mutating func applyURL(_ text: String) -> [AppEffect] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            status = "A request needs a URL: a path such as /users or a full https:// URL. Esc cancels."
            return []
        }
        if trimmed.contains(" "), !trimmed.contains("{{") {
            status = "The URL contains spaces; write them as %20. Esc cancels."
            return []
        }
        let (url, query) = URLQueryText.split(trimmed)
        if url.hasPrefix("http://") || url.hasPrefix("https://") {
            guard URL(string: url.replacingOccurrences(of: "{{", with: "").replacingOccurrences(of: "}}", with: ""))?.host != nil else {
                status = "'\(url)' is not a URL apiexplorer can send to (no host). Esc cancels."
                return []
            }
        }
        requestEditor.edit = nil
        editSelected { request in
            request.url = url
            request.query += query
        }
        status = query.isEmpty ? "URL set; press s to save." : "URL set; \(query.count) query parameter\(query.count == 1 ? "" : "s") moved to Params; press s to save."
        return []
    }

    mutating func openMethodPicker() {
        guard let request = selectedRequest?.located.request else {
            status = "Select a request in the tree first."
            return
        }
        let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
        let custom = TextField(text: methods.contains(request.method) ? "" : request.method, placeholder: "other method (any token)")
        modal = .dialog(.picker(ListPicker(title: " Method ", options: methods, selected: request.method, purpose: .method, custom: custom)))
    }

    // MARK: - Body

    mutating func openBodyEditor() {
        guard let request = selectedRequest?.located.request else { return }
        switch request.body {
        case let .json(text), let .text(text, _):
            // Reopening the same body keeps its undo history and cursor.
            if let (key, kept) = requestEditor.closedBodyEditor, key == tree.selectedRequestKey, kept.area.text == text {
                requestEditor.edit = .body(kept)
                return
            }
            var area = TextArea(text: text)
            area.showsLineNumbers = true
            var editor = BodyEditor(area: area, jsonError: request.body.typeName == "json" ? JSONTemplate.validate(text) : nil)
            editor.area.markUnmodified()
            requestEditor.edit = .body(editor)
        case .none:
            status = "No body: press t to choose a kind (JSON, text, form, multipart, file)."
        case .form, .multipart:
            status = "Form fields: a adds, i edits, d deletes."
        case let .file(path, _):
            requestEditor.edit = .value(ValueEditor(target: .bodyFile, label: "File: ", field: TextField(text: path), isSecret: false))
        }
    }

    /// The body editor's text goes into the draft; the editor is kept aside so reopening it can still undo.
    mutating func commitBodyEditor() {
        guard let editor = requestEditor.edit?.body else { return }
        requestEditor.closedBodyEditor = tree.selectedRequestKey.map { ($0, editor) }
        let text = editor.area.text
        editSelected { $0.body = $0.body.replacingText(text) }
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
            return []
        case .send?:
            commitBodyEditor()
            requestEditor.edit = nil
            return perform(.send)
        case .save?:
            commitBodyEditor()
            requestEditor.edit = nil
            return perform(.save)
        default:
            let page = max(1, screen.layout.request.height - 6)
            guard editor.area.handle(key, page: page) else { return [] }
            requestEditor.edit = .body(editor)
            return checkBodyJSON()
        }
    }

    /// Checks the JSON being edited: at once when it is small, else off the UI (the result comes as `.jsonChecked`).
    mutating func checkBodyJSON() -> [AppEffect] {
        guard var editor = requestEditor.edit?.body, selectedRequest?.located.request.body.typeName == "json" else { return [] }
        // One check of a large body at a time; keys typed meanwhile are checked together when it reports.
        if editor.pendingCheck != nil {
            editor.needsCheck = true
            requestEditor.edit = .body(editor)
            return []
        }
        let text = editor.area.text
        guard text.utf8.count > BodyEditor.inlineCheckLimit else {
            editor.jsonError = JSONTemplate.validate(text)
            editor.pendingCheck = nil
            requestEditor.edit = .body(editor)
            return []
        }
        let id = takeSendID()
        editor.pendingCheck = id
        requestEditor.edit = .body(editor)
        return [.checkJSON(id: id, text: text)]
    }

    mutating func openBodyKindPicker() {
        guard let request = selectedRequest?.located.request else { return }
        let kinds = ["none", "json", "text", "form", "multipart", "file"]
        modal = .dialog(.picker(ListPicker(title: " Body ", options: kinds, selected: request.body.typeName, purpose: .bodyKind)))
    }

    /// Changes the body's kind, keeping the text between JSON and text and the fields between form and multipart.
    mutating func setBodyKind(_ kind: String) {
        editSelected { request in
            let text = request.body.text ?? ""
            let rows = ExplorerModel.rows(.form, of: request) + ExplorerModel.rows(.multipart, of: request)
            switch kind {
            case "none": request.body = .none
            case "json": if request.body.typeName != "json" { request.body = .json(text.isEmpty ? "{}" : text) }
            case "text": if request.body.typeName != "text" { request.body = .text(text, contentType: nil) }
            case "form": if request.body.typeName != "form" { request.body = .form(rows) }
            case "multipart": if request.body.typeName != "multipart" { request = ExplorerModel.setting(rows, of: .multipart, in: request) }
            case "file": if request.body.typeName != "file" { request.body = .file(path: "", contentType: nil) }
            default: break
            }
        }
        requestEditor.selection = 0
        if kind == "file" {
            requestEditor.edit = .value(ValueEditor(target: .bodyFile, label: "File: ", field: TextField(text: "", placeholder: "path, relative to the request file"), isSecret: false))
        }
        status = "Body: \(kind); press s to save."
    }

    /// Pretty-prints a JSON body with the project's formatter: key order and number literals stay as written.
    mutating func formatBody() {
        if requestEditor.edit?.body != nil { commitBodyEditor() }
        guard case let .json(text)? = selectedRequest?.located.request.body else {
            status = "Only a JSON body can be pretty-printed."
            return
        }
        do {
            let pretty = try JSONTemplate.prettyPrinted(text)
            editSelected { $0.body = .json(pretty) }
            if var editor = requestEditor.edit?.body {
                editor.area.replaceAll(with: pretty)
                editor.jsonError = nil
                requestEditor.edit = .body(editor)
            }
            status = "Pretty-printed; press s to save."
        } catch {
            status = "Not pretty-printed: the JSON does not parse (\(error))."
        }
    }

    // MARK: - Auth and options

    /// The editable fields of `auth`: label, value, and whether the value is secret.
    static func authFields(_ auth: AuthSpec) -> [(label: String, value: String, isSecret: Bool)] {
        switch auth {
        case .inherit, .none: return []
        case let .basic(username, password): return [("Username", username, false), ("Password", password, true)]
        case let .bearer(token): return [("Token", token, true)]
        case let .apiKey(name, value, inQuery): return [("Name", name, false), ("Value", value, true), ("In", inQuery ? "query" : "header", false)]
        }
    }

    mutating func openAuthKindPicker() {
        guard let request = selectedRequest?.located.request else { return }
        modal = .dialog(.picker(ListPicker(title: " Credentials ", options: ["inherit", "none", "basic", "bearer", "apikey"],
                                    selected: request.auth.typeName, purpose: .authKind)))
    }

    /// Switches the credentials' kind, keeping what carries over (a secret value moves to the new kind's secret).
    mutating func setAuthKind(_ kind: String) {
        editSelected { request in
            let secret = ExplorerModel.authFields(request.auth).first(where: \.isSecret)?.value ?? ""
            switch kind {
            case "inherit": request.auth = .inherit
            case "none": request.auth = .none
            case "basic": if case .basic = request.auth {} else { request.auth = .basic(username: "", password: secret) }
            case "bearer": if case .bearer = request.auth {} else { request.auth = .bearer(token: secret) }
            case "apikey": if case .apiKey = request.auth {} else { request.auth = .apiKey(name: "X-API-Key", value: secret, inQuery: false) }
            default: break
            }
        }
        requestEditor.selection = min(1, rowCount - 1)
        status = "Credentials: \(kind); press s to save."
    }

    /// Edit or toggle the Auth row under the cursor (row 0 is the kind).
    mutating func authAction(_ action: AppAction) {
        guard let request = selectedRequest?.located.request else { return }
        let fields = ExplorerModel.authFields(request.auth)
        let index = requestEditor.selection - 1
        if requestEditor.selection == 0 || !fields.indices.contains(index) { return openAuthKindPicker() }
        let field = fields[index]
        if field.label == "In" || action == .toggleRow {
            guard case let .apiKey(name, value, inQuery) = request.auth else {
                status = "Space switches an API key between header and query."
                return
            }
            editSelected { $0.auth = .apiKey(name: name, value: value, inQuery: !inQuery) }
            return
        }
        requestEditor.edit = .value(ValueEditor(target: .authField(index), label: field.label + ": ", field: TextField(text: field.value), isSecret: field.isSecret))
    }

    /// Edit or toggle the Options row under the cursor: timeout, follow redirects, verify TLS.
    mutating func optionsAction(_ action: AppAction) {
        guard let request = selectedRequest?.located.request else { return }
        switch requestEditor.selection {
        case 0:
            let text = request.timeoutText ?? ""
            requestEditor.edit = .value(ValueEditor(target: .timeout, label: "Timeout (s): ", field: TextField(text: text, placeholder: "default"), isSecret: false))
        case 1:
            editSelected { $0.followRedirects = ExplorerModel.cycled($0.followRedirects) }
        case 2:
            editSelected { $0.verifyTLS = ExplorerModel.cycled($0.verifyTLS) }
        default:
            guard !request.omittedHeaders.isEmpty else {
                status = "No inherited header is off; Space on one in the Headers tab switches it off for this request."
                return
            }
            editSelected { $0.omittedHeaders = [] }
            status = "Inherited headers are sent again; press s to save."
        }
    }

    /// default → off → on → default.
    private static func cycled(_ value: Bool?) -> Bool? {
        switch value {
        case nil: return false
        case false?: return true
        case true?: return nil
        }
    }

    /// Keys while an Auth or Options value (or a body file path) is edited: Enter applies, Esc cancels.
    mutating func handleValueEditor(_ key: Key) -> [AppEffect] {
        guard var editor = requestEditor.edit?.value else { return [] }
        switch keyMap.action(for: key, in: .valueEditor) {
        case .cancel?:
            requestEditor.edit = nil
        case .confirm?:
            let text = editor.field.text
            switch editor.target {
            case .timeout:
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty {
                    editSelected { $0.timeout = nil }
                } else {
                    guard let seconds = Double(trimmed), seconds > 0, seconds.isFinite else {
                        status = "The timeout is a number of seconds above 0 (such as 2.5), or empty for the default. Esc cancels."
                        return []
                    }
                    editSelected { $0.timeout = seconds }
                }
            case .bodyFile:
                let path = text.trimmingCharacters(in: .whitespaces)
                guard !path.isEmpty else {
                    status = "A file body needs a path (relative to the request file). Esc cancels."
                    return []
                }
                editSelected { request in
                    if case let .file(_, contentType) = request.body { request.body = .file(path: path, contentType: contentType) }
                }
            case let .authField(index):
                if editor.keepsInSecretsFile {
                    requestEditor.edit = nil
                    return storeSecret(text, field: index, label: editor.label)
                }
                editSelected { request in request.auth = ExplorerModel.setting(authField: index, to: text, in: request.auth) }
            }
            requestEditor.edit = nil
            status = "\(editor.label.trimmingCharacters(in: CharacterSet(charactersIn: ": "))) set; press s to save."
        case .complete? where editor.isSecret:
            editor.keepsInSecretsFile.toggle()
            requestEditor.edit = .value(editor)
        default:
            editor.field.handle(key)
            requestEditor.edit = .value(editor)
        }
        return []
    }

    /// Puts a typed secret in the collection's `secrets.local.yaml` for the active environment, and a `{{variable}}`
    /// naming it in the request, so the value never lands in the request file.
    private mutating func storeSecret(_ value: String, field index: Int, label: String) -> [AppEffect] {
        guard let selected = selectedRequest else { return [] }
        guard let environment = environment(of: selected.collection) else {
            status = "This collection has no environment to keep the secret in; it stays in the request."
            editSelected { request in request.auth = ExplorerModel.setting(authField: index, to: value, in: request.auth) }
            return []
        }
        let field = label.trimmingCharacters(in: CharacterSet(charactersIn: ": ")).lowercased()
        let variable = "\(selected.located.request.slug)-\(field)"
        editSelected { request in request.auth = ExplorerModel.setting(authField: index, to: "{{\(variable)}}", in: request.auth) }
        status = "Keeping the secret as {{\(variable)}} in secrets.local.yaml (\(environment.name))…"
        return [.storeSecret(directory: selected.collection.directory, environment: environment.name, variable: variable, value: value)]
    }

    private static func setting(authField index: Int, to value: String, in auth: AuthSpec) -> AuthSpec {
        switch (auth, index) {
        case let (.basic(_, password), 0): return .basic(username: value, password: password)
        case let (.basic(username, _), 1): return .basic(username: username, password: value)
        case (.bearer, 0): return .bearer(token: value)
        case let (.apiKey(_, key, inQuery), 0): return .apiKey(name: value, value: key, inQuery: inQuery)
        case let (.apiKey(name, _, inQuery), 1): return .apiKey(name: name, value: value, inQuery: inQuery)
        default: return auth
        }
    }

    // MARK: - Saving and sending

    mutating func saveSelected() -> [AppEffect] {
        if requestEditor.edit?.body != nil { commitBodyEditor() }
        guard let selected = selectedRequest, let draft = requestEditor.drafts[selected.key], let saved = savedRequest(selected.key) else {
            status = "Nothing to save."
            return []
        }
        return [.save(key: selected.key, request: draft, saved: saved, original: requestEditor.loadedFiles[saved.file])]
    }

    /// True when the selected request has a JSON body that does not parse (sending asks first).
    var selectedBodyIsInvalidJSON: Bool {
        guard case let .json(text)? = selectedRequest?.located.request.body else { return false }
        return JSONTemplate.validate(text) != nil
    }
}
