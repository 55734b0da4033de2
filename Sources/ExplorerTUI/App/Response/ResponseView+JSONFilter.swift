import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The response's JSON filter: a JSONPath typed live, run off the UI, the body narrowed to what it selects.
extension ResponseView {
    mutating func openJSONFilter(context: inout PaneContext) {
        guard case let .received(summary) = state else {
            context.status = "Nothing to filter: there is no response yet."
            return
        }
        guard summary.body.kind == .json else {
            context.status = "The filter takes JSON; this body is \(summary.body.kind)."
            return
        }
        tab = .body
        // Empty rather than `$`: typing a whole path (`$.items[…]`, as the README shows) gave `$$.items…`. A path typed
        // from `.` or `[` is read from the root.
        bodyView.filterField = TextField(text: bodyView.filterExpression,
                                                      placeholder: "JSONPath, such as $.items[*].name")
    }

    /// Keys while the filter prompt is open: each edit re-runs the filter; Enter keeps it, Esc removes it.
    mutating func handleJSONFilter(_ key: Key, context: inout PaneContext) -> [AppEffect] {
        guard var field = bodyView.filterField else { return [] }
        if case let .paste(text) = key {
            field.insert(text)
            bodyView.filterField = field
            return runJSONFilter(field.text)
        }
        switch context.keyMap.action(for: key, in: .jsonFilter) {
        case .confirm?:
            bodyView.filterField = nil
            if let note = eventFilterNote { context.status = note }
            return []
        case .cancel?:
            bodyView.filterField = nil
            if showsEvents { events.clearFilter() } else { clearJSONFilter() }
            context.status = "Filter removed."
            return []
        default:
            guard field.handle(key) else { return [] }
            bodyView.filterField = field
            return runJSONFilter(field.text)
        }
    }

    /// Runs `expression` over the body off the UI; an empty one or `$` alone shows the whole body.
    mutating func runJSONFilter(_ expression: String) -> [AppEffect] {
        // Over an event list the path applies to each event's data, at once: each is small.
        if let (items, _) = eventSource() {
            events.setFilter(expression, items: items)
            return []
        }
        guard case let .received(summary) = state else { return [] }
        var trimmed = expression.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix(".") || trimmed.hasPrefix("[") { trimmed = "$" + trimmed }
        guard !trimmed.isEmpty, trimmed != "$" else {
            clearJSONFilter()
            return []
        }
        bodyView.filterExpression = trimmed
        do {
            _ = try JSONPath(trimmed)
        } catch {
            bodyView.filterError = error.description
            bodyView.pendingFilter = nil
            // The body again, not the last good filter's values under this expression and that filter's count.
            bodyView.filtered = nil
            return []
        }
        bodyView.filterError = nil
        let id = bodyView.nextSearchID
        bodyView.nextSearchID += 1
        bodyView.pendingFilter = id
        return [.filterBody(id: id, data: summary.data, path: trimmed)]
    }

    mutating func clearJSONFilter() {
        bodyView.filterExpression = ""
        bodyView.filtered = nil
        bodyView.filterError = nil
        bodyView.pendingFilter = nil
        bodyView.position = BodyPosition(line: 0, row: 0)
        bodyView.matches = []
    }

    /// Shows the answer of the filter run `id`, if it is the one awaited.
    public mutating func jsonFiltered(id: Int, _ result: Result<FilteredBody, FilterFailure>, context: inout PaneContext) {
        guard bodyView.pendingFilter == id else { return }
        bodyView.pendingFilter = nil
        switch result {
        case let .success(selection):
            // The values come from the bytes as received: masked as the body they were picked from.
            var masker: SecretMasker?
            if case let .received(summary) = state { masker = summary.body.masker }
            bodyView.filtered = BodyDocument(selection.data, contentType: "application/json", masker: masker)
            bodyView.filteredCount = selection.count
            bodyView.filterError = nil
            bodyView.position = BodyPosition(line: 0, row: 0)
            bodyView.column = 0
            bodyView.matches = []
            context.status = "\(selection.count) value\(selection.count == 1 ? "" : "s") for \(bodyView.filterExpression)"
        case let .failure(failure):
            bodyView.filterError = failure.message
            bodyView.filtered = nil
        }
    }
}
