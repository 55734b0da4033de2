import ExplorerCore
import ExplorerWorkspace

/// Path parameters in the Params tab: one Path row per `{{variable}}` in the URL's path, after the query rows. Its
/// value is the one in force; editing it sets the request's own value (`variables:` in its file), which the request
/// then uses wherever the collection or a folder gives another.
extension RequestPane {
    /// The selected request's path parameters: the name, the variable in force (nil when none is defined) and the
    /// scope it comes from (`request`, `collection`, `environment local`…).
    var pathParams: [(name: String, variable: Variable?, origin: String?)] {
        guard let resolver = selectedResolver else { return [] }
        let scopes = resolver.variableResolver.scopes
        return resolver.request.pathVariableNames.map { name in
            let scope = scopes.first { $0.variables.contains { $0.name == name } }
            return (name, scope?.variables.last { $0.name == name }, scope?.origin)
        }
    }

    /// The path parameter under the cursor in the Params tab, when the cursor is on a Path row.
    var selectedPathParam: (name: String, variable: Variable?, origin: String?)? {
        guard requestEditor.tab == .params, let request = selectedRequest?.located.request else { return nil }
        let index = requestEditor.selection - request.query.count
        let params = pathParams
        return params.indices.contains(index) ? params[index] : nil
    }

    /// The Path rows as the Params table draws them: a mark, the name, the value (with where it comes from when that
    /// is not the request) and `Path`.
    func pathParamRows(_ masker: SecretMasker, known: Set<String>) -> [[StyledLine]] {
        pathParams.map { param in
            guard let variable = param.variable, let origin = param.origin else {
                return [StyledLine("✗", style: Theme.error), StyledLine(param.name), StyledLine("(not set)", style: Theme.error), StyledLine("Path")]
            }
            let value = variable.secret ? SecretMasker.mask : masker.mask(variable.value)
            var spans = RequestPane.variableSpans(value, known: known)
            if origin != "request" { spans.append(Span("  (\(origin))", style: Theme.dim)) }
            return [StyledLine("✓"), StyledLine(param.name), StyledLine(spans), StyledLine("Path")]
        }
    }

    /// What the table keys do on a Path row: edit its value, delete the request's own value, or explain that the
    /// URL decides which path parameters there are.
    mutating func pathParamAction(_ action: AppAction, _ param: (name: String, variable: Variable?, origin: String?)) {
        switch action {
        case .editRow:
            var editor = RowEditor(table: .pathVariables, index: nil, shownRow: requestEditor.selection, name: param.name,
                                   value: param.variable.map { $0.secret ? "" : $0.value } ?? "")
            editor.field = .value
            requestEditor.edit = .row(editor)
        case .deleteRow:
            guard selectedRequest?.located.request.variables.contains(where: { $0.name == param.name }) == true else {
                status = "\(param.name) has no value of this request's own to remove."
                return
            }
            editSelected { $0.variables.removeAll { $0.name == param.name } }
            let inherited = pathParams.first { $0.name == param.name }?.origin
            let unsaved = selectedRequest?.located.request != savedRequest
            status = "\(param.name): this request's value removed" + (inherited.map { "; the \($0) value is used" } ?? "; it has no value now")
                + (unsaved ? pressToSave : "") + "."
        default:
            status = "\(param.name) is a path parameter: the URL decides which there are" + press(.editURL, "to change it") + press(.editRow, "to set its value") + "."
        }
    }

    /// Applies a Path row's edit: the value becomes the request's own, unless it is the inherited one unchanged.
    mutating func confirmPathParam(_ editor: RowEditor) {
        requestEditor.edit = nil
        let name = editor.name.text
        let value = editor.value.text
        let current = pathParams.first { $0.name == name }
        if current?.origin != "request", current?.variable?.secret != true, current?.variable?.value == value {
            status = "\(name) unchanged."
            return
        }
        editSelected { $0 = RequestPane.setting([KeyValue(name, value)], of: .pathVariables, in: $0) }
        // The command line and the environment come before the request: their value would still be the one sent.
        if let winner = pathParams.first(where: { $0.name == name })?.origin, winner != "request" {
            status = "\(name) set for this request, but the \(winner) value is the one sent" + pressToSave + "."
        } else {
            status = "\(name) set for this request" + pressToSave + "."
        }
    }
}
