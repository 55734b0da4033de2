import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The URL line (with `{{variable}}` completion) and the method picker.
extension RequestPane {
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
        // Spaces in the query are fine: its parameters go to Params, which encodes them when sending.
        let (url, query) = URLQueryText.split(trimmed)
        if url.contains(" "), !url.contains("{{") {
            status = "The URL's path contains spaces; write them as %20. Esc cancels."
            return []
        }
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
        status = (query.isEmpty ? "URL set" : "URL set; \(query.count) query parameter\(query.count == 1 ? "" : "s") moved to Params") + pressToSave + "."
        return []
    }

    /// m: the HTTP methods to choose from; for a gRPC request, the server's methods, asked for first.
    mutating func openMethodPicker() -> [AppEffect] {
        guard let selected = selectedRequest, let resolver = selectedResolver else {
            status = "Select a request in the tree first."
            return []
        }
        let request = selected.located.request
        if request.isGRPC {
            status = "Asking the server for its methods…"
            return [.listGRPCMethods(key: selected.key, resolver: resolver, fresh: true)]
        }
        let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "WS"]
        let custom = TextField(text: methods.contains(request.method) ? "" : request.method, placeholder: "other method (any token)")
        context.modal = .dialog(.picker(ListPicker(title: " Method ", options: methods, selected: request.method, purpose: .method, custom: custom)))
        return []
    }

    /// The gRPC server's methods arrived: kept for completion, and when the user asked (`fresh`) the picker opens on
    /// them, the request's own highlighted.
    public mutating func grpcMethodsListed(key: RequestKey, methods: [GRPCMethodChoice], outline: GRPCOutline?, failure: String?, fresh: Bool) {
        if let outline { requestEditor.grpcSchemas[key] = (methods, outline) }
        guard fresh, let selected = selectedRequest, selected.key == key else { return }
        if let failure {
            status = "No methods: \(failure)"
            return
        }
        guard !methods.isEmpty else {
            status = "The server's schema has no methods."
            return
        }
        let current = selected.located.request.grpc?.method
        let options = methods.map { "\($0.reference)  (\($0.kind))" }
        var picker = ListPicker(title: " gRPC method ", options: options, selected: nil, purpose: .grpcMethod(key: key, choices: methods))
        picker.selection = methods.firstIndex { $0.reference == current } ?? 0
        context.modal = .dialog(.picker(picker))
        status = "\(methods.count) method\(methods.count == 1 ? "" : "s"); Enter chooses (an empty body gets an example message)."
    }

    /// Enter on a gRPC method: the request calls it; an empty body (or, for a client stream, no saved messages) gets
    /// the method's example message.
    mutating func chooseGRPCMethod(_ choice: GRPCMethodChoice) {
        editSelected { request in
            request.grpc = GRPCSpec(method: choice.reference)
            if choice.clientStreaming {
                if request.messages.isEmpty { request.messages = [SavedMessage(name: "message 1", format: .json, content: choice.example)] }
            } else if request.body == .none || request.body == .json("") {
                request.body = .json(choice.example)
            }
        }
        status = "Method: \(choice.reference)\(pressToSave)."
    }
}
