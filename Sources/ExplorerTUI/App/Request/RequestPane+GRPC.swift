import ExplorerCore
import ExplorerWorkspace

/// A gRPC request's message in the body editor: Tab completes the field names of the message at the cursor from the
/// server's schema (read from the cache or the collection's files when the editor opens; `m` asks the server).
extension RequestPane {
    /// The first time a gRPC request's message is edited, its schema is looked for without the network.
    mutating func lookForGRPCSchema() -> [AppEffect] {
        guard let selected = selectedRequest, selected.located.request.isGRPC, let resolver = selectedResolver,
              requestEditor.grpcSchemas[selected.key] == nil, !requestEditor.grpcLooked.contains(selected.key) else { return [] }
        requestEditor.grpcLooked.insert(selected.key)
        return [.listGRPCMethods(key: selected.key, resolver: resolver, fresh: false)]
    }

    /// Tab in a gRPC request's message: the field name at the cursor completed — all of it (with its closing quote and
    /// colon) when one fits, what the names share when several do (listed in the status line). False when there is
    /// nothing to complete here, so Tab indents.
    mutating func completeMessageField() -> Bool {
        guard requestEditor.tab == .body, var editor = requestEditor.edit?.body, let selected = selectedRequest,
              let method = selected.located.request.grpc?.method, let schema = requestEditor.grpcSchemas[selected.key],
              let choice = schema.methods.first(where: { $0.reference == method }) else { return false }
        let cursor = editor.area.cursor
        guard let completion = schema.outline.completion(in: editor.area.text, line: cursor.line, column: cursor.column, root: choice.inputType)
        else { return false }
        guard !completion.candidates.isEmpty else {
            status = "No field of \(completion.message) starts with \"\(completion.prefix)\"" + (completion.prefix.isEmpty ? " (all are set)." : ".")
            return true
        }
        let opening = completion.quoted ? "" : "\""
        if completion.candidates.count == 1, let name = completion.candidates.first {
            editor.area.insert(opening + String(name.dropFirst(completion.prefix.count)) + "\": ")
            status = nil
        } else {
            editor.area.insert(opening + String(completion.commonPrefix.dropFirst(completion.prefix.count)))
            status = "Tab: " + completion.candidates.joined(separator: " · ") + "  (fields of \(completion.message))"
        }
        requestEditor.edit = .body(editor)
        return true
    }
}
