import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Composing the selected request: URL, method, body, credentials and options, all kept as an unsaved draft.
extension RequestPane {
    /// Changes the selected request's draft; an edit that brings it back to the file's state clears the draft.
    mutating func editSelected(_ change: (inout RequestSpec) -> Void) {
        guard let selected = selectedRequest else { return }
        var request = selected.located.request
        change(&request)
        requestEditor.setEdited(request == savedRequest ? nil : request, for: selected.key)
    }

    /// The names of the variables the selected request can use, for completion.
    var variableNames: [String] {
        guard let resolver = selectedResolver else { return [] }
        var seen = Set<String>()
        return resolver.variableResolver.scopes.flatMap { $0.variables.map(\.name) }.filter { seen.insert($0).inserted }
            + ["$uuid", "$timestamp", "$isoTimestamp", "$randomInt"]
    }

    /// Asks for the selected request's unsaved edits to be written into its file.
    mutating func saveSelected() -> [AppEffect] {
        if requestEditor.edit?.body != nil { commitBodyEditor() }
        guard let selected = selectedRequest, let draft = requestEditor.drafts[selected.key]?.edited, let saved = savedRequest else {
            status = "Nothing to save."
            return []
        }
        return [.save(key: selected.key, request: draft, saved: saved, original: requestEditor.drafts[selected.key]?.original)]
    }
}
