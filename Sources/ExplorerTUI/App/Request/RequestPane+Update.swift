import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace

/// The request pane's entry points: a key while something in it is being edited, an action while it has the focus
/// (or one only it can carry out, such as E or s), and answers to its pickers.
extension RequestPane {
    /// A key for what is being edited (the URL, a row, a value, the body); nil when nothing is.
    public mutating func update(_ key: Key) -> [AppEffect]? {
        if case let .paste(text) = key { return paste(text) }
        switch requestEditor.edit {
        case .row?: return handleRowEditor(key)
        case .url?: return handleURLField(key)
        case .value?: return handleValueEditor(key)
        case .body?: return handleBodyEditor(key)
        case nil: return nil
        }
    }

    /// Pasted text goes into what is being edited, never read as keys; nil when nothing is.
    private mutating func paste(_ text: String) -> [AppEffect]? {
        switch requestEditor.edit {
        case var .row(editor)?:
            if editor.field == .name { editor.name.insert(text) } else { editor.value.insert(text) }
            requestEditor.edit = .row(editor)
        case var .url(field)?:
            // A whole curl command pasted into the URL is offered as the request it describes, as the tree offers it.
            if CurlImporter.looksLikeCurl(text), let key = selectedKey, let parsed = try? CurlImporter.request(from: text, source: "curl") {
                let described = "\(parsed.request.method) \(parsed.request.url)"
                context.modal = .dialog(.confirmation(Confirmation(
                    title: " Pasted a curl command ",
                    message: "Replace this request's method, URL, query, headers and body with the command's (\(described))? Edits stay unsaved until s.",
                    purpose: .replaceWithCurl(key: key, request: parsed.request))))
                return []
            }
            field.insert(text)
            requestEditor.edit = .url(field)
        case var .value(editor)?:
            editor.field.insert(text)
            requestEditor.edit = .value(editor)
        case var .body(editor)?:
            editor.area.insert(text)
            editor.offered = nil
            requestEditor.edit = .body(editor)
            markUnknownNames()
            return checkEditedText()
        case nil:
            return nil
        }
        return []
    }

    /// An action on the request; nil when it is not one of the pane's.
    public mutating func perform(_ action: AppAction) -> [AppEffect]? {
        let count = RequestTab.allCases.count
        switch action {
        case .editURL: openURLEditor()
        case .pickMethod: return openMethodPicker()
        case .editBody:
            openBodyEditor()
            return lookForSchema() + lookForGRPCSchema()
        case .introspect: return introspect()
        case .browseSchema: return browseSchema()
        case .editVariables: openVariablesEditor()
        case .pickBodyKind: openBodyKindPicker()
        case .formatBody: formatBody()
        case .pickAuthKind: openAuthKindPicker()
        case .fetchToken: return tokenEffect(.fetch)
        case .refreshToken: return tokenEffect(.refresh)
        case .forgetToken: return tokenEffect(.forget)
        case .save: return saveSelected()
        case .externalEditor: return openExternalEditor()
        case .nextTab, .previousTab:
            let step = action == .nextTab ? 1 : count - 1
            requestEditor.tab = RequestTab(rawValue: (requestEditor.tab.rawValue + step) % count) ?? .headers
            requestEditor.selection = 0
        case .moveUp: requestEditor.selection = max(0, requestEditor.selection - 1)
        case .moveDown: requestEditor.selection = min(max(0, rowCount - 1), requestEditor.selection + 1)
        case .addRow, .editRow, .deleteRow, .toggleRow, .moveRowUp, .moveRowDown:
            guard selectedRequest != nil else {
                status = "Select a request in the tree first."
                return []
            }
            switch requestEditor.tab {
            case .auth: authAction(action)
            case .options: optionsAction(action)
            case .checks: checksAction(action)
            case .scripts: scriptsAction(action)
            default: tableAction(action)
            }
        default: return nil
        }
        return []
    }

    /// Enter in one of the pane's pickers (method, body kind, credentials).
    public mutating func choose(_ picker: ListPicker) {
        switch picker.purpose {
        case .method:
            let method = (picker.isOnCustom ? picker.custom?.text ?? "" : picker.options[picker.selection]).trimmingCharacters(in: .whitespaces).uppercased()
            guard !method.isEmpty, method.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else {
                context.modal = .dialog(.picker(picker))
                status = "A method is one word of letters (such as PURGE or PROPFIND). Esc cancels."
                return
            }
            editSelected { $0.method = method }
            status = "Method: \(method)\(pressToSave)."
        case .bodyKind:
            setBodyKind(picker.options[picker.selection])
        case .authKind:
            setAuthKind(picker.options[picker.selection])
        case let .grpcMethod(_, choices):
            if choices.indices.contains(picker.selection) { chooseGRPCMethod(choices[picker.selection]) }
        case .moveRequest, .newAtTop, .savedMessage:
            break
        }
    }

    /// The answer of the JSON check `id` of the body being edited; a check asked for meanwhile runs next.
    public mutating func jsonChecked(id: Int, error: JSONSyntaxError?) -> [AppEffect] {
        guard var editor = requestEditor.edit?.body, let again = editor.endCheck(id) else { return [] }
        editor.jsonError = error
        requestEditor.edit = .body(editor)
        return again ? checkBodyJSON() : []
    }

    /// Takes a pasted curl command's method, URL, query, headers and body for the selected request `key` (its name,
    /// file, credentials, options, checks and captures stay).
    public mutating func replace(_ key: RequestKey, with pasted: RequestSpec) {
        guard key == selectedKey else { return }
        requestEditor.edit = nil
        editSelected { request in
            request.method = pasted.method
            request.url = pasted.url
            request.query = pasted.query
            request.headers = pasted.headers
            request.body = pasted.body
        }
        status = "Replaced with the pasted curl command (\(pasted.method) \(pasted.url)); s saves it."
    }

    /// The body as `$EDITOR` left it, for the request `key`.
    public mutating func bodyEdited(key: RequestKey, text: String) {
        guard key == selectedKey else { return }
        editSelected { $0.body = $0.body.replacingText(text) }
        if case .json = selectedRequest?.located.request.body, let error = JSONTemplate.validate(text) {
            status = "Body updated from the editor; the JSON does not parse (\(error))." + press(.save, "to save.", lead: " Press")
        } else {
            status = requestEditor.drafts[key]?.edited == nil ? "Body unchanged." : "Body updated from the editor\(pressToSave)."
        }
    }
}
