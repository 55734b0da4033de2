import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The request pane: the URL line, the resolved URL, and the Params, Headers, Body, Auth, Options, Checks and Scripts
/// tabs.
extension RequestPane {
    /// Draws the pane into `rect`: the request, or `problem` when the tree cursor is on a file that did not load.
    public func render(into buffer: inout CellBuffer, rect: Rect, problem: CollectionProblem?) {
        // One resolver per frame: it carries the request (with unsaved edits), its headers and its secrets.
        let resolver = selectedResolver
        let modified = selectedKey.map { requestEditor.isModified($0, selected: selectedKey) } ?? false
        let title = problem.map { $0.isWarning ? " File warning " : " Broken file " } ?? resolver.map { " \($0.request.name)\(modified ? " ●" : "") " } ?? " Request "
        let block = Block(title: StyledLine(title), isFocused: focus == .request)
        block.render(in: rect, buffer: &buffer)
        let inner = block.inner(of: rect)
        if let problem {
            let heading = problem.isWarning ? StyledLine("Loaded, but this is ignored:", style: Theme.warning)
                : StyledLine("Cannot load this file:", style: Theme.error)
            let lines = [heading, StyledLine(problem.location.description), StyledLine(problem.message)]
            Paragraph(lines: lines, wrap: true).render(in: inner, buffer: &buffer)
            return
        }
        guard let resolver, inner.height >= 3 else {
            // The arrows always move; the letters or control keys the map adds are named after them.
            let moves = [AppAction.moveDown, .moveUp].compactMap { keyMap.keyLabelBesideArrows(for: $0, focus: .tree) }
            let activate = keyMap.keyLabel(for: .activate, focus: .tree).map { ", \($0) sends it" } ?? ""
            let text = "Select a request in the tree (↑↓" + (moves.count == 2 ? " or \(moves.joined(separator: "/"))" : "") + ")\(activate)."
            ExplorerView.writeCut(StyledLine(text, style: Theme.dim),
                     in: Rect(x: inner.x, y: inner.y, width: inner.width, height: 1), &buffer)
            return
        }
        let request = resolver.request
        let masker = SecretMasker(secrets: resolver.variableResolver.secretValues)
        let known = Set(variableNames)
        let methodWidth = buffer.write(request.method + " ", at: Position(x: inner.x, y: inner.y), style: Theme.method(request.method), maxWidth: inner.width)
        let urlRect = Rect(x: inner.x + methodWidth, y: inner.y, width: max(0, inner.width - methodWidth), height: 1)
        if var field = requestEditor.edit?.url {
            field.showsCursor = true
            field.render(in: urlRect, buffer: &buffer)
            RequestPane.highlightVariables(in: urlRect, known: known, &buffer)
        } else {
            ExplorerView.writeCut(StyledLine(RequestPane.variableSpans(request.url, known: known)), in: urlRect, &buffer)
        }
        // While the URL is typed, the resolved line follows the text being typed, its query as Params would take it.
        var previewed = resolver
        if let field = requestEditor.edit?.url {
            let (url, query) = URLQueryText.split(field.text.trimmingCharacters(in: .whitespaces))
            previewed.request.url = url
            previewed.request.query += query
        }
        let preview: StyledLine
        if let field = requestEditor.edit?.url, let name = RequestPane.variable(at: field.cursor, in: field.text) {
            // With the cursor on a {{name}} the line says what it resolves to, and where from.
            preview = RequestPane.variableLine(name, resolver.variableResolver)
        } else {
            do {
                preview = StyledLine([Span("→ ", style: Theme.dim), Span(masker.mask(try previewed.previewURLString()), style: Theme.dim)])
            } catch {
                preview = StyledLine([Span("✗ " + error.description, style: Theme.error)])
            }
        }
        ExplorerView.writeCut(preview, in: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1), &buffer)
        Tabs(titles: RequestTab.allCases.map { StyledLine($0.title) }, selectedIndex: requestEditor.tab.rawValue)
            .render(in: Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: 1), buffer: &buffer)
        var body = Rect(x: inner.x, y: inner.y + 3, width: inner.width, height: max(0, inner.height - 3))
        // On the smallest screens the tab has no rows left: writing its first line would land on the border.
        guard body.height > 0 else { return }
        if let editor = requestEditor.edit?.value {
            RequestPane.valueEditorLine(editor, Rect(x: body.x, y: body.bottom - 1, width: body.width, height: 1), &buffer)
            body.height -= 1
        }
        let selection = focus == .request ? requestEditor.selection : nil
        switch requestEditor.tab {
        case .params:
            var rows = request.query.map { [StyledLine($0.enabled ? "✓" : "·"), StyledLine($0.name),
                                            StyledLine(RequestPane.variableSpans(masker.mask($0.value), known: known))] }
            var columns = [TableColumn("", width: .length(1)), TableColumn("Name", width: .percentage(35)), TableColumn("Value", width: .fill(1))]
            let paths = pathParamRows(masker, known: known)
            if !paths.isEmpty {
                // Path rows follow the query rows; a column tells the two apart.
                rows = rows.map { $0 + [StyledLine("Query", style: Theme.dim)] } + paths
                columns.append(TableColumn("In", width: .length(5)))
            }
            keyValueTable(rows, empty: "No query parameters." + press(.addRow, "to add one", lead: " Press") + " (or type ?name=value in the URL"
                                + (key(.editURL).map { " with \($0)" } ?? "") + ").",
                          columns: columns, selection: selection, body, &buffer)
        case .headers:
            headersTable(resolver.effectiveHeaders, masker, known: known, body, &buffer)
        case .body:
            bodyTab(request, masker, known: known, selection: selection, body, &buffer)
        case .auth:
            let tokenKeys = keys([.fetchToken: "shows or fetches it", .refreshToken: "gets a new one", .forgetToken: "forgets it"], separator: ", ")
            RequestPane.authTab(resolver, masker, selection: selection, token: requestEditor.tokenStates[RequestPane.tokenKey(resolver)], tokenKeys: tokenKeys,
                                body, &buffer)
        case .options:
            let rows: [[StyledLine]] = [
                [StyledLine("Timeout"), StyledLine(request.timeout.map { MeasurementText.duration($0) } ?? "default (30 s)", style: request.timeout == nil ? Theme.dim : .plain)],
                [StyledLine("Follow redirects"), StyledLine(request.followRedirects.map { $0 ? "on" : "off" } ?? "default (on)", style: request.followRedirects == nil ? Theme.dim : .plain)],
                [StyledLine("Verify TLS"), StyledLine(request.verifyTLS.map { $0 ? "on" : "off" } ?? "default (the environment's)", style: request.verifyTLS == nil ? Theme.dim : .plain)],
                [StyledLine("Headers off"), request.omittedHeaders.isEmpty
                    ? StyledLine("none (Space on an inherited header in Headers switches it off)", style: Theme.dim)
                    : StyledLine(request.omittedHeaders.joined(separator: ", ") + "  (Space here turns them back on)")],
            ]
            var table = Table(columns: [TableColumn("Option", width: .length(18)), TableColumn("Value", width: .fill(1))], rows: rows,
                              selectedIndex: selection.map { min($0, rows.count - 1) })
            table.scrollToSelection(height: max(1, body.height - 1))
            table.render(in: body, buffer: &buffer)
        case .checks:
            checksTab(request, selection: selection, body, &buffer)
        case .scripts:
            scriptsTab(resolver, selection: selection, body, &buffer)
        }
    }

    /// A table of name/value rows; a row being edited shows its name and value fields in place, in the row's own
    /// cells (a new row after the last).
    private func keyValueTable(_ rows: [[StyledLine]], empty: String, columns: [TableColumn],
                                      selection: Int?, _ rect: Rect, _ buffer: inout CellBuffer) {
        var rows = rows
        var selection = selection
        let editor = requestEditor.edit?.row
        if let editor {
            let at = editor.shownRow.flatMap { rows.indices.contains($0) ? $0 : nil } ?? rows.count
            if at == rows.count { rows.append([StyledLine("+")]) }
            // The name and value cells are the fields' now; the rest of the row (mark, origin) stays.
            rows[at] = rows[at].enumerated().map { $0.offset == 1 || $0.offset == 2 ? StyledLine("") : $0.element }
            selection = at
        }
        guard !rows.isEmpty else {
            _ = buffer.write(empty, at: Position(x: rect.x, y: rect.y), style: Theme.dim, maxWidth: rect.width)
            return
        }
        var table = Table(columns: columns, rows: rows, selectedIndex: selection.map { min($0, rows.count - 1) })
        table.scrollToSelection(height: max(1, rect.height - 1))
        table.render(in: rect, buffer: &buffer)
        guard let editor, let at = selection, let nameRect = table.cellRect(row: at, column: 1, in: rect),
              let valueRect = table.cellRect(row: at, column: 2, in: rect) else { return }
        RequestPane.renderRowEditor(editor, name: nameRect, value: valueRect, &buffer)
    }

    func headersTable(_ headers: [EffectiveHeader], _ masker: SecretMasker, known: Set<String>, _ rect: Rect,
                             _ buffer: inout CellBuffer) {
        let rows: [[StyledLine]] = headers.map { entry in
            let style: Style = entry.isOwn ? .plain : Theme.dim
            let mark = entry.isOmitted ? "✗" : entry.header.enabled ? (entry.isOverridden ? "↷" : "✓") : "·"
            let origin = entry.isOwn ? "request" : entry.isOmitted ? "off here" : entry.origin
            return [StyledLine(mark, style: style), StyledLine(entry.header.name, style: entry.isOwn ? .bold : style),
                    StyledLine(RequestPane.variableSpans(masker.mask(entry.header.value), known: known), style: style), StyledLine(origin, style: Theme.dim)]
        }
        keyValueTable(rows, empty: "No headers." + press(.addRow, "to add one.", lead: " Press"),
                      columns: [TableColumn("", width: .length(1)), TableColumn("Header", width: .percentage(30)),
                                TableColumn("Value", width: .fill(1)), TableColumn("From", width: .length(12))],
                      selection: focus == .request ? requestEditor.selection : nil, rect, &buffer)
    }

    /// The row editor's fields over the row's name and value cells: underlined like input boxes, the cursor's field
    /// bold, so the edit is where the row is.
    private static func renderRowEditor(_ editor: RowEditor, name nameRect: Rect, value valueRect: Rect, _ buffer: inout CellBuffer) {
        for (field, rect, kind) in [(editor.name, nameRect, RowEditor.Field.name), (editor.value, valueRect, .value)] {
            buffer.fill(rect)
            var field = field
            field.showsCursor = editor.field == kind
            field.style = editor.field == kind ? Style(attributes: .bold) : .plain
            field.render(in: rect, buffer: &buffer)
            buffer.setStyle(rect, style: Style(attributes: .underline))
        }
    }

    private static func valueEditorLine(_ editor: ValueEditor, _ rect: Rect, _ buffer: inout CellBuffer) {
        buffer.fill(rect)
        var used = buffer.write(editor.label, at: Position(x: rect.x, y: rect.y), style: .bold, maxWidth: rect.width)
        if editor.isSecret {
            let note = editor.keepsInSecretsFile ? "[secrets.local.yaml] " : "[request file, Tab: secrets file] "
            used += buffer.write(note, at: Position(x: rect.x + used, y: rect.y), style: Theme.dim, maxWidth: max(0, rect.width - used))
        }
        var field = editor.field
        if editor.isSecret {
            // A secret is masked while typed: the field keeps its text, the screen shows one dot per character.
            let cursor = field.cursor
            field = TextField(text: String(repeating: "•", count: editor.field.text.count))
            field.moveTo(cursor)
        }
        field.render(in: Rect(x: rect.x + used, y: rect.y, width: max(1, rect.width - used), height: 1), buffer: &buffer)
    }

    private func bodyTab(_ request: RequestSpec, _ masker: SecretMasker, known: Set<String>, selection: Int?, _ rect: Rect,
                                _ buffer: inout CellBuffer) {
        var content = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: max(0, rect.height - 1))
        let kindLine: StyledLine
        switch request.body {
        case .none:
            _ = buffer.write(StyledLine([Span("No body. ", style: Theme.dim), Span("t", style: .bold), Span(" chooses a kind.", style: Theme.dim)]),
                             at: Position(x: rect.x, y: rect.y), maxWidth: rect.width)
            return
        case let .json(text):
            // A large body is checked while it is edited (off the UI) and when it is sent, not on every frame.
            let verdict: Span
            if let editor = requestEditor.edit?.body {
                verdict = editor.pendingCheck != nil ? Span("checking…", style: Theme.dim)
                    : editor.jsonError.map { Span("✗ \($0)", style: Theme.error) } ?? Span("✓ valid", style: Theme.dim)
            } else if text.utf8.count > BodyEditor.inlineCheckLimit {
                verdict = Span(MeasurementText.byteCount(text.utf8.count), style: Theme.dim)
            } else {
                verdict = JSONTemplate.validate(text).map { Span("✗ \($0)", style: Theme.error) } ?? Span("✓ valid", style: Theme.dim)
            }
            kindLine = StyledLine([Span("JSON ", style: .bold), verdict]
                                  + [Span(requestEditor.edit?.body == nil ? "  " + keys([.editBody: "edits", .formatBody: "formats", .pickBodyKind: "kind", .maximize: "maximises", .externalEditor: "$EDITOR"]) : "  editing (Esc done)", style: Theme.dim)])
        case let .text(_, contentType):
            kindLine = StyledLine([Span("Text ", style: .bold), Span(contentType ?? "text/plain", style: Theme.dim),
                                   Span(requestEditor.edit?.body == nil ? "  " + keys([.editBody: "edits", .pickBodyKind: "kind", .maximize: "maximises", .externalEditor: "$EDITOR"]) : "  editing (Esc done)", style: Theme.dim)])
        case .form:
            kindLine = StyledLine([Span("Form ", style: .bold), Span("application/x-www-form-urlencoded  t kind", style: Theme.dim)])
        case .multipart:
            kindLine = StyledLine([Span("Multipart ", style: .bold), Span("@path sends a file  t kind", style: Theme.dim)])
        case let .file(path, contentType):
            kindLine = StyledLine([Span("File ", style: .bold), Span(path.isEmpty ? "(no path: i sets it)" : path),
                                   Span("  \(contentType ?? "application/octet-stream")  i path · t kind", style: Theme.dim)])
        case let .graphql(body):
            kindLine = graphQLKindLine(body, method: request.method)
        }
        ExplorerView.writeCut(kindLine, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), &buffer)
        switch request.body {
        case let .json(text), let .text(text, _):
            RequestPane.drawText(text, editing: requestEditor.edit?.body?.area, in: content, &buffer)
        case let .graphql(body):
            graphQLAreas(body, in: content, &buffer)
        case .form, .multipart:
            guard let table = currentTable else { return }
            let rows = RequestPane.rows(table, of: request).map { [StyledLine($0.enabled ? "✓" : "·"), StyledLine($0.name),
                                                                   StyledLine(RequestPane.variableSpans(masker.mask($0.value), known: known))] }
            content.height = max(0, content.height)
            keyValueTable(rows, empty: "No fields." + press(.addRow, "to add one.", lead: " Press"),
                          columns: [TableColumn("", width: .length(1)), TableColumn("Field", width: .percentage(35)), TableColumn("Value", width: .fill(1))],
                          selection: selection, content, &buffer)
        default: break
        }
    }

    /// `text` in `rect`: the editor with its cursor while `editing` is set, else only the lines that fit, split off
    /// from the top (a 2 MB body is not split whole for every frame).
    static func drawText(_ text: String, editing: TextArea?, in rect: Rect, _ buffer: inout CellBuffer) {
        if var area = editing {
            area.showsCursor = true
            area.scrollToCursor(width: rect.width, height: rect.height)
            area.render(in: rect, buffer: &buffer)
            return
        }
        var head = text.split(separator: "\n", maxSplits: max(0, rect.height), omittingEmptySubsequences: false)
        if head.count > rect.height { head.removeLast() }
        var area = TextArea(text: head.joined(separator: "\n"))
        area.showsCursor = false
        area.render(in: rect, buffer: &buffer)
    }

    private static func authTab(_ resolver: RequestResolver, _ masker: SecretMasker, selection: Int?, token: String?, tokenKeys: String, _ rect: Rect,
                                _ buffer: inout CellBuffer) {
        let request = resolver.request
        var rows: [[StyledLine]] = []
        let kind: String
        switch request.auth {
        case .inherit:
            let effective = resolver.effectiveAuth
            kind = "inherit" + (effective == .none ? " (none above)" : " (\(effective.typeName) from above)")
        default: kind = request.auth.typeName
        }
        rows.append([StyledLine("Kind"), StyledLine(kind)])
        // The token's state right under the kind, where a small pane still shows it; it is not a field, so the cursor
        // steps over it (the rows below it sit one further down than their field's number).
        var hasToken = false
        if case .oauth2 = resolver.effectiveAuth {
            hasToken = true
            rows.append([StyledLine("Token", style: .bold), StyledLine(token ?? tokenKeys,
                                                                       style: token == nil ? Theme.dim : .plain)])
        }
        let fields = RequestPane.authFields(request.auth)
        for field in fields {
            let shown = field.isSecret && !field.value.isEmpty && !field.value.contains("{{") ? SecretMasker.mask : masker.mask(field.value)
            rows.append([StyledLine(field.label), StyledLine(field.value.isEmpty ? "(empty)" : shown, style: field.value.isEmpty ? Theme.dim : .plain)])
        }
        // Wide enough for "Session token" (aws) without moving the other kinds' values.
        let labelWidth = max(12, (fields.map(\.label.count).max() ?? 0) + 1)
        var table = Table(columns: [TableColumn("Field", width: .length(labelWidth)), TableColumn("Value", width: .fill(1))], rows: rows,
                          selectedIndex: selection.map { min($0 > 0 && hasToken ? $0 + 1 : $0, rows.count - 1) })
        table.scrollToSelection(height: max(1, rect.height - 1))
        table.render(in: rect, buffer: &buffer)
    }

    /// `{{variables}}` in `text` coloured: known ones cyan, unknown ones in the error colour and underlined, so an
    /// undefined one shows before a send, without colour too.
    static func variableSpans(_ text: String, known: Set<String>) -> [Span] {
        var spans: [Span] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            spans.append(Span(String(rest[..<open.lowerBound])))
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                spans.append(Span(String(rest[open.lowerBound...])))
                return spans
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let style = known.contains(name) || name.hasPrefix("$") ? Theme.variable
                : Theme.error.patched(with: Style(attributes: .underline))
            spans.append(Span(String(rest[open.lowerBound..<close.upperBound]), style: style))
            rest = rest[close.upperBound...]
        }
        spans.append(Span(String(rest)))
        return spans
    }

    /// The name of the `{{variable}}` the cursor (a character offset) is on or inside, or nil.
    static func variable(at cursor: Int, in text: String) -> String? {
        // The same scan that colours the variables: a styled span is one `{{name}}`, braces included.
        var offset = 0
        for span in RequestPane.variableSpans(text, known: []) {
            let count = span.text.count
            if span.style != .plain, cursor >= offset, cursor <= offset + count {
                let name = span.text.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
            offset += count
        }
        return nil
    }

    /// What `{{name}}` resolves to for the status of the URL line: its value (masked when secret) and scope, or
    /// that it is undefined.
    static func variableLine(_ name: String, _ resolver: VariableResolver) -> StyledLine {
        if name.hasPrefix("$") {
            return StyledLine([Span("{{\(name)}}", style: Theme.variable),
                               Span(" is built in: a new value each send", style: Theme.dim)])
        }
        guard let scope = resolver.scopes.first(where: { $0.variables.contains { $0.name == name } }),
              let variable = scope.variables.last(where: { $0.name == name }) else {
            let place = resolver.environmentName.map { " in environment \($0)" } ?? ""
            return StyledLine([Span("✗ {{\(name)}} is not defined\(place); Tab completes a name", style: Theme.error)])
        }
        let value = variable.secret ? SecretMasker.mask : TerminalSafeText.sanitize(variable.value)
        let origin = scope.origin == "command line" ? "captured or --set" : scope.origin
        return StyledLine([Span("{{\(name)}}", style: Theme.variable), Span(" = "), Span(value),
                           Span("  (\(origin)\(variable.secret ? ", secret" : ""))", style: Theme.dim)])
    }

    /// Colours `{{variables}}` already drawn on one row of the buffer (the URL field draws plain text).
    private static func highlightVariables(in rect: Rect, known: Set<String>, _ buffer: inout CellBuffer) {
        var cells: [(x: Int, symbol: String)] = []
        var x = rect.x
        while x < rect.right, let cell = buffer.cell(x: x, y: rect.y) {
            if !cell.isContinuation { cells.append((x, cell.symbol)) }
            x += 1
        }
        let text = cells.map(\.symbol).joined()
        var offset = 0
        for span in RequestPane.variableSpans(text, known: known) {
            let count = span.text.count
            if span.style != .plain {
                for index in offset..<min(cells.count, offset + count) {
                    buffer.setStyle(Rect(x: cells[index].x, y: rect.y, width: 1, height: 1), style: span.style)
                }
            }
            offset += count
        }
    }

}
