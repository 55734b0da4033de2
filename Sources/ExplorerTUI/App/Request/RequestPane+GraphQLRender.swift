import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Drawing a GraphQL body: its kind line with the schema's state, the query with a line under it for the names the
/// schema lacks (or the names Tab offers), and the variables.
extension RequestPane {
    /// Queries up to this size are read against the schema on every frame while not edited (the editor keeps its own
    /// marks up to `BodyEditor.inlineCheckLimit`).
    static let markedQueryLimit = 16 * 1024

    /// The Body tab's first line for a GraphQL body: how it is sent, the schema's state and the keys.
    func graphQLKindLine(_ body: GraphQLBody, method: String) -> StyledLine {
        var spans = [Span("GraphQL ", style: .bold)]
        if let name = body.operationName { spans.append(Span("operation \(name) ", style: Theme.dim)) }
        if let editor = requestEditor.edit?.body {
            spans.append(Span(editor.editsVariables ? "editing the variables" : "editing the query", style: .bold))
            if editor.editsVariables { spans.append(editor.jsonError.map { Span("  ✗ \($0)", style: Theme.error) } ?? Span("  ✓ valid", style: Theme.dim)) }
            spans.append(Span(editor.editsVariables || schema == nil ? "  (Esc done)" : "  (Tab completes, Esc done)", style: Theme.dim))
            return StyledLine(spans)
        }
        spans.append(Span(method.uppercased() == "GET" ? "in the query string" : "as JSON", style: Theme.dim))
        spans.append(Span("  ", style: Theme.dim))
        spans.append(schemaState)
        spans.append(Span("  " + keys([.editBody: "edits", .editVariables: "variables", .introspect: "fetches the schema", .browseSchema: "browses it",
                                         .pickBodyKind: "kind"]), style: Theme.dim))
        return StyledLine(spans)
    }

    /// The schema's state in words: being fetched, known (how many types), failed, or not fetched yet.
    private var schemaState: Span {
        guard let key = schemaKey else { return Span("") }
        let store = requestEditor.schemas
        if store.fetching.contains(key) { return Span("fetching the schema…", style: Theme.dim) }
        if let known = store.schemas[key] {
            return Span("schema: \(known.schema.types.filter { !$0.isIntrospection }.count) types", style: Theme.dim)
        }
        if let failure = store.failures[key] { return Span("✗ schema: \(TerminalSafeText.sanitize(failure))", style: Theme.error) }
        return Span("no schema yet", style: Theme.dim)
    }

    /// A GraphQL body: the query above, the variables below (a few lines), the one being edited with its cursor.
    func graphQLAreas(_ body: GraphQLBody, in content: Rect, _ buffer: inout CellBuffer) {
        let editor = requestEditor.edit?.body
        let variablesText = editor?.editsVariables == true ? editor?.area.text ?? "" : (body.variables.isEmpty ? "(none: v adds them)" : body.variables)
        let wanted = variablesText.split(separator: "\n", omittingEmptySubsequences: false).count
        let variablesHeight = min(max(1, wanted), max(1, content.height / 3))
        let note = queryNote(body)
        let noteHeight = note == nil ? 0 : 1
        let queryRect = Rect(x: content.x, y: content.y, width: content.width, height: max(0, content.height - variablesHeight - 1 - noteHeight))
        let noteRect = Rect(x: content.x, y: queryRect.bottom, width: content.width, height: noteHeight)
        let labelRect = Rect(x: content.x, y: noteRect.bottom, width: content.width, height: 1)
        let variablesRect = Rect(x: content.x, y: labelRect.bottom, width: content.width, height: max(0, content.bottom - labelRect.bottom))
        RequestPane.drawText(body.query, editing: editor?.editsVariables == false ? editor?.area : nil, in: queryRect, &buffer)
        if let note, noteRect.height > 0 { ExplorerView.writeCut(note, in: noteRect, &buffer) }
        ExplorerView.writeCut(StyledLine([Span("Variables", style: .bold), Span(" (JSON)", style: Theme.dim)]), in: labelRect, &buffer)
        RequestPane.drawText(variablesText, editing: editor?.editsVariables == true ? editor?.area : nil, in: variablesRect, &buffer)
    }

    /// The line under the query: the names Tab offers, else the first name the schema lacks (at line:column) and how
    /// many more, else, while it is edited against a schema, that every name is known; nil for no line.
    private func queryNote(_ body: GraphQLBody) -> StyledLine? {
        let editor = requestEditor.edit?.body
        if let offered = editor?.offered, editor?.editsVariables == false {
            return StyledLine([Span("Tab: ", style: .bold), Span(offered.candidates.joined(separator: " · ")),
                               Span("  (\(offered.what))", style: Theme.dim)])
        }
        guard let schema else { return nil }
        let marks: [GraphQLQueryMark]
        if let editor, !editor.editsVariables {
            marks = editor.marks
        } else if body.query.utf8.count <= RequestPane.markedQueryLimit {
            marks = schema.marks(in: body.query)
        } else {
            return nil
        }
        guard let first = marks.first else {
            return editor?.editsVariables == false ? StyledLine("✓ every name is in the schema", style: Theme.dim) : nil
        }
        let more = marks.count > 1 ? "  (+\(marks.count - 1) more)" : ""
        return StyledLine([Span("✗ " + TerminalSafeText.sanitize(first.description), style: Theme.error), Span(more, style: Theme.dim)])
    }
}
