import ExplorerCore
import Foundation

/// The response's JSON filter: a JSONPath typed live, run off the UI, the body narrowed to what it selects.
extension ExplorerModel {
    /// The body the response pane shows: the filter's selection while a filter applies, else the response's body.
    var shownBody: BodyDocument? {
        guard case let .received(summary) = response else { return nil }
        return bodyView.filtered ?? summary.body
    }

    mutating func openJSONFilter() {
        guard case let .received(summary) = response else {
            status = "Nothing to filter: there is no response yet."
            return
        }
        guard summary.body.kind == .json else {
            status = "The filter takes JSON; this body is \(summary.body.kind)."
            return
        }
        responseTab = .body
        bodyView.filterField = TextField(text: bodyView.filterExpression.isEmpty ? "$" : bodyView.filterExpression,
                                         placeholder: "JSONPath, such as $.items[*].name")
    }

    /// Keys while the filter prompt is open: each edit re-runs the filter; Enter keeps it, Esc removes it.
    mutating func handleJSONFilter(_ key: Key) -> [AppEffect] {
        guard var field = bodyView.filterField else { return [] }
        switch key {
        case .enter, .control("j"):
            bodyView.filterField = nil
            return []
        case .escape:
            bodyView.filterField = nil
            clearJSONFilter()
            status = "Filter removed."
            return []
        default:
            guard field.handle(key) else { return [] }
            bodyView.filterField = field
            return runJSONFilter(field.text)
        }
    }

    /// Runs `expression` over the body off the UI; an empty one or `$` alone shows the whole body.
    mutating func runJSONFilter(_ expression: String) -> [AppEffect] {
        guard case let .received(summary) = response else { return [] }
        let trimmed = expression.trimmingCharacters(in: .whitespaces)
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

    mutating func jsonFiltered(id: Int, _ result: Result<FilteredBody, FilterFailure>) {
        guard bodyView.pendingFilter == id else { return }
        bodyView.pendingFilter = nil
        switch result {
        case let .success(selection):
            bodyView.filtered = BodyDocument(selection.data, contentType: "application/json")
            bodyView.filteredCount = selection.count
            bodyView.filterError = nil
            bodyView.position = BodyPosition(line: 0, row: 0)
            bodyView.column = 0
            bodyView.matches = []
            status = "\(selection.count) value\(selection.count == 1 ? "" : "s") for \(bodyView.filterExpression)"
        case let .failure(failure):
            bodyView.filterError = failure.message
        }
    }
}
