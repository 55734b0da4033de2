import ExplorerCore
import ExplorerWorkspace

/// Editing the request's tables: query parameters, headers, and form or multipart body fields.
extension RequestPane {
    /// The effective headers of the selected request, with unsaved edits.
    public var effectiveHeaders: [EffectiveHeader] {
        selectedResolver?.effectiveHeaders ?? []
    }

    /// The table the request tab shows, if it shows one.
    public var currentTable: EditableTable? {
        switch requestEditor.tab {
        case .params: return .params
        case .headers: return .headers
        case .body:
            switch selectedRequest?.located.request.body {
            case .form?: return .form
            case .multipart?: return .multipart
            default: return nil
            }
        case .auth, .options, .checks, .scripts: return nil
        }
    }

    /// The rows of `table` in `request`, multipart files written `@path`.
    static func rows(_ table: EditableTable, of request: RequestSpec) -> [KeyValue] {
        switch table {
        case .params: return request.query
        case .headers: return request.headers
        case .form:
            if case let .form(fields) = request.body { return fields }
            return []
        case .multipart:
            guard case let .multipart(fields) = request.body else { return [] }
            return fields.map { KeyValue($0.name, $0.file.map { "@" + $0 } ?? $0.value ?? "", enabled: $0.enabled) }
        case .pathVariables:
            let names = request.pathVariableNames
            return request.variables.filter { names.contains($0.name) }.map { KeyValue($0.name, $0.value) }
        }
    }

    /// `request` with the rows of `table` replaced; multipart content types are kept for fields that keep their name.
    static func setting(_ rows: [KeyValue], of table: EditableTable, in request: RequestSpec) -> RequestSpec {
        var copy = request
        switch table {
        case .params: copy.query = rows
        case .headers: copy.headers = rows
        case .form: copy.body = .form(rows)
        case .multipart:
            var old: [MultipartField] = []
            if case let .multipart(fields) = request.body { old = fields }
            copy.body = .multipart(rows.map { row in
                let isFile = row.value.hasPrefix("@")
                let contentType = old.first { $0.name == row.name }?.contentType
                return MultipartField(name: row.name, value: isFile ? nil : row.value, file: isFile ? String(row.value.dropFirst()) : nil,
                                      contentType: contentType, enabled: row.enabled)
            })
        case .pathVariables:
            // Only the values change: a variable the request already has keeps its place, secrecy and fromEnv.
            for row in rows {
                if let index = copy.variables.lastIndex(where: { $0.name == row.name }) {
                    copy.variables[index].value = row.value
                } else {
                    copy.variables.append(Variable(name: row.name, value: row.value))
                }
            }
        }
        return copy
    }

    /// The number of rows the current tab's cursor moves over.
    var rowCount: Int {
        guard let request = selectedRequest?.located.request else { return 0 }
        switch requestEditor.tab {
        case .headers: return effectiveHeaders.count
        case .params: return request.query.count + pathParams.count
        case .body: return currentTable.map { RequestPane.rows($0, of: request).count } ?? 0
        case .auth: return RequestPane.authFields(request.auth).count + 1
        case .options: return 4
        case .checks: return checkRows.count
        case .scripts: return ScriptPhase.allCases.count
        }
    }

    /// Index into the table's own rows of the row under the cursor (for headers, only when it is the request's own).
    private var selectedOwnIndex: Int? {
        guard let table = currentTable, let request = selectedRequest?.located.request else { return nil }
        if table == .headers {
            let rows = effectiveHeaders
            guard rows.indices.contains(requestEditor.selection), rows[requestEditor.selection].isOwn else { return nil }
            return rows[..<requestEditor.selection].filter(\.isOwn).count
        }
        return RequestPane.rows(table, of: request).indices.contains(requestEditor.selection) ? requestEditor.selection : nil
    }

    /// The cursor row for an index into the table's own rows.
    private func cursorRow(forOwn index: Int, in table: EditableTable) -> Int {
        guard table == .headers else { return index }
        let own = effectiveHeaders.enumerated().filter { $0.element.isOwn }.map(\.offset)
        return own.indices.contains(index) ? own[index] : max(0, effectiveHeaders.count - 1)
    }

    private mutating func setRows(_ rows: [KeyValue], of table: EditableTable) {
        editSelected { $0 = RequestPane.setting(rows, of: table, in: $0) }
    }

    /// Moves, adds, edits, deletes, toggles and reorders rows of the current tab's table.
    mutating func tableAction(_ action: AppAction) {
        guard let table = currentTable, let request = selectedRequest?.located.request else { return }
        if table == .params, action != .addRow, let path = selectedPathParam { return pathParamAction(action, path) }
        let rows = RequestPane.rows(table, of: request)
        switch action {
        case .addRow: requestEditor.edit = .row(RowEditor(table: table, index: nil))
        case .editRow:
            if let own = selectedOwnIndex {
                requestEditor.edit = .row(RowEditor(table: table, index: own, shownRow: requestEditor.selection, name: rows[own].name, value: rows[own].value))
            } else if table == .headers, effectiveHeaders.indices.contains(requestEditor.selection) {
                // Editing an inherited header adds a request header of the same name, which overrides it.
                let inherited = effectiveHeaders[requestEditor.selection].header
                var editor = RowEditor(table: table, index: nil, shownRow: requestEditor.selection, name: inherited.name, value: inherited.value)
                editor.field = .value
                requestEditor.edit = .row(editor)
            } else {
                status = "Nothing to edit here\(press(.addRow, "to add a row"))."
            }
        case .deleteRow:
            guard let own = selectedOwnIndex else { return explainInherited() }
            var changed = rows
            changed.remove(at: own)
            setRows(changed, of: table)
            requestEditor.selection = max(0, min(requestEditor.selection, rowCount - 1))
        case .toggleRow:
            if selectedOwnIndex == nil, table == .headers, effectiveHeaders.indices.contains(requestEditor.selection) {
                // Space on an inherited header switches it off for this request only (omitHeaders), or back on.
                let name = effectiveHeaders[requestEditor.selection].header.name
                var off = false
                editSelected { request in
                    if let index = request.omittedHeaders.firstIndex(where: { $0.lowercased() == name.lowercased() }) {
                        request.omittedHeaders.remove(at: index)
                    } else {
                        request.omittedHeaders.append(name)
                        off = true
                    }
                }
                status = "\(name) \(off ? "switched off" : "sent again") for this request\(pressToSave)."
                return
            }
            guard let own = selectedOwnIndex else { return explainInherited() }
            var changed = rows
            changed[own].enabled.toggle()
            setRows(changed, of: table)
        case .moveRowUp, .moveRowDown:
            guard let own = selectedOwnIndex else { return explainInherited() }
            let target = action == .moveRowUp ? own - 1 : own + 1
            guard rows.indices.contains(target) else { return }
            var changed = rows
            changed.swapAt(own, target)
            setRows(changed, of: table)
            requestEditor.selection = cursorRow(forOwn: target, in: table)
        default: break
        }
    }

    private mutating func explainInherited() {
        if requestEditor.tab == .headers, effectiveHeaders.indices.contains(requestEditor.selection) {
            let row = effectiveHeaders[requestEditor.selection]
            status = "\(row.header.name) is inherited from \(row.origin)\(press(.editRow, "to override it here"))."
        } else {
            status = "No row here\(press(.addRow, "to add one"))."
        }
    }

    /// Keys while a row is being edited: Tab switches name and value, Enter moves on and finally applies, Esc cancels.
    mutating func handleRowEditor(_ key: Key) -> [AppEffect] {
        guard var editor = requestEditor.edit?.row else { return [] }
        switch keyMap.action(for: key, in: .rowEditor) {
        case .cancel?:
            requestEditor.edit = nil
            return []
        case .nextField? where editor.table == .pathVariables:
            // A path parameter's name is the URL's: only its value is edited here.
            break
        case .nextField?:
            editor.field = editor.field == .name ? .value : .name
        case .confirm? where editor.table == .pathVariables:
            confirmPathParam(editor)
            return []
        case .confirm?:
            if editor.field == .name {
                editor.field = .value
            } else {
                let name = editor.name.text.trimmingCharacters(in: .whitespaces)
                let problem: String?
                if name.isEmpty {
                    problem = editor.table == .headers ? "A header needs a name." : "A row needs a name."
                } else if editor.table == .headers, !KeyValue.isValidHeaderName(name) {
                    problem = "Header names cannot contain spaces or colons."
                } else {
                    problem = nil
                }
                if let problem {
                    status = problem + " Esc cancels."
                    editor.field = .name
                    requestEditor.edit = .row(editor)
                    return []
                }
                guard let request = selectedRequest?.located.request else { requestEditor.edit = nil; return [] }
                var rows = RequestPane.rows(editor.table, of: request)
                let row = KeyValue(name, editor.value.text)
                if let index = editor.index, rows.indices.contains(index) {
                    rows[index].name = row.name
                    rows[index].value = row.value
                } else {
                    rows.append(row)
                }
                setRows(rows, of: editor.table)
                requestEditor.edit = nil
                if editor.index == nil { requestEditor.selection = cursorRow(forOwn: rows.count - 1, in: editor.table) }
                status = "\(name) set\(pressToSave)."
                return []
            }
        default:
            if editor.field == .name { editor.name.handle(key) } else { editor.value.handle(key) }
        }
        requestEditor.edit = .row(editor)
        return []
    }
}
