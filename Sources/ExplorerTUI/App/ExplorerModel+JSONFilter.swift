import ExplorerCore
import Foundation

/// The response's JSON filter: a JSONPath typed live, run off the UI, the body narrowed to what it selects.
extension ExplorerModel {
    /// The body the response pane shows: the filter's selection while a filter applies, else the response's body.
    var shownBody: BodyDocument? {
        guard case let .received(summary) = responseView.state else { return nil }
        return responseView.bodyView.filtered ?? summary.body
    }

    mutating func openJSONFilter() {
        guard case let .received(summary) = responseView.state else {
            status = "Nothing to filter: there is no response yet."
            return
        }
        guard summary.body.kind == .json else {
            status = "The filter takes JSON; this body is \(summary.body.kind)."
            return
        }
        responseView.tab = .body
        // Empty rather than `$`: typing a whole path (`$.items[…]`, as the README shows) gave `$$.items…`. A path typed
        // from `.` or `[` is read from the root.
        responseView.bodyView.filterField = TextField(text: responseView.bodyView.filterExpression,
                                                      placeholder: "JSONPath, such as $.items[*].name")
    }

    /// Keys while the filter prompt is open: each edit re-runs the filter; Enter keeps it, Esc removes it.
    mutating func handleJSONFilter(_ key: Key) -> [AppEffect] {
        guard var field = responseView.bodyView.filterField else { return [] }
        switch keyMap.action(for: key, in: .jsonFilter) {
        case .confirm?:
            responseView.bodyView.filterField = nil
            return []
        case .cancel?:
            responseView.bodyView.filterField = nil
            clearJSONFilter()
            status = "Filter removed."
            return []
        default:
            guard field.handle(key) else { return [] }
            responseView.bodyView.filterField = field
            return runJSONFilter(field.text)
        }
    }

    /// Runs `expression` over the body off the UI; an empty one or `$` alone shows the whole body.
    mutating func runJSONFilter(_ expression: String) -> [AppEffect] {
        guard case let .received(summary) = responseView.state else { return [] }
        var trimmed = expression.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix(".") || trimmed.hasPrefix("[") { trimmed = "$" + trimmed }
        guard !trimmed.isEmpty, trimmed != "$" else {
            clearJSONFilter()
            return []
        }
        responseView.bodyView.filterExpression = trimmed
        do {
            _ = try JSONPath(trimmed)
        } catch {
            responseView.bodyView.filterError = error.description
            responseView.bodyView.pendingFilter = nil
            return []
        }
        responseView.bodyView.filterError = nil
        let id = responseView.bodyView.nextSearchID
        responseView.bodyView.nextSearchID += 1
        responseView.bodyView.pendingFilter = id
        return [.filterBody(id: id, data: summary.data, path: trimmed)]
    }

    mutating func clearJSONFilter() {
        responseView.bodyView.filterExpression = ""
        responseView.bodyView.filtered = nil
        responseView.bodyView.filterError = nil
        responseView.bodyView.pendingFilter = nil
        responseView.bodyView.position = BodyPosition(line: 0, row: 0)
        responseView.bodyView.matches = []
    }

    mutating func jsonFiltered(id: Int, _ result: Result<FilteredBody, FilterFailure>) {
        guard responseView.bodyView.pendingFilter == id else { return }
        responseView.bodyView.pendingFilter = nil
        switch result {
        case let .success(selection):
            responseView.bodyView.filtered = BodyDocument(selection.data, contentType: "application/json")
            responseView.bodyView.filteredCount = selection.count
            responseView.bodyView.filterError = nil
            responseView.bodyView.position = BodyPosition(line: 0, row: 0)
            responseView.bodyView.column = 0
            responseView.bodyView.matches = []
            status = "\(selection.count) value\(selection.count == 1 ? "" : "s") for \(responseView.bodyView.filterExpression)"
        case let .failure(failure):
            responseView.bodyView.filterError = failure.message
        }
    }
}
