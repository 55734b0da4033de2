import ExplorerCore
import Foundation

/// Searching the response body: the `/` prompt, the search run off the UI, and stepping through its matches.
extension ResponseView {
    mutating func handleSearch(_ key: Key, context: inout PaneContext) -> [AppEffect] {
        guard var field = bodyView.searchField else { return [] }
        if case let .paste(text) = key {
            field.insert(text)
            bodyView.searchField = field
            return []
        }
        switch context.keyMap.action(for: key, in: .search) {
        case .confirm?:
            bodyView.searchField = nil
            if searchEvents(field.text, context: &context) { return [] }
            bodyView.query = field.text
            return startSearch(context: &context)
        case .cancel?:
            bodyView.searchField = nil
        default:
            _ = field.handle(key)
            bodyView.searchField = field
        }
        return []
    }

    /// Starts searching the body for the query off the UI; the result arrives as `.searchFinished`.
    mutating func startSearch(context: inout PaneContext) -> [AppEffect] {
        guard case let .received(summary) = state, !bodyView.query.isEmpty else {
            bodyView.matches = []
            bodyView.pendingSearch = nil
            return []
        }
        let id = bodyView.nextSearchID
        bodyView.nextSearchID += 1
        bodyView.pendingSearch = id
        bodyView.matches = []
        context.status = "Searching for \(bodyView.quotedQuery)…"
        // What is shown is searched: JSON strings with their `\u` escapes decoded, unless U shows them as written.
        return [.searchBody(id: id, document: bodyView.filtered ?? summary.body, query: bodyView.query, decodingEscapes: bodyView.decodesEscapes)]
    }

    /// Shows the result of the search `id`, if it is the one awaited: the first match scrolled into view and the
    /// count in the bottom bar.
    public mutating func searchFinished(id: Int, matches: [Int], context: inout PaneContext) {
        guard bodyView.pendingSearch == id else { return }
        bodyView.pendingSearch = nil
        bodyView.matches = matches
        bodyView.currentMatch = 0
        if let first = matches.first { revealMatch(first, context: context) }
        let count = matches.count
        context.status = matches.isEmpty ? "No match for \(bodyView.quotedQuery)"
            : "\(count) matching line\(count == 1 ? "" : "s") for \(bodyView.quotedQuery)"
    }

    mutating func stepMatch(forward: Bool, context: inout PaneContext) {
        guard !bodyView.matches.isEmpty else {
            if bodyView.pendingSearch != nil {
                context.status = "Still searching for \(bodyView.quotedQuery)…"
            } else {
                context.status = bodyView.query.isEmpty ? "Press / to search the body." : "No match for \(bodyView.quotedQuery)"
            }
            return
        }
        let step = forward ? 1 : bodyView.matches.count - 1
        bodyView.currentMatch = (bodyView.currentMatch + step) % bodyView.matches.count
        revealMatch(bodyView.matches[bodyView.currentMatch], context: context)
        context.status = "Match \(bodyView.currentMatch + 1) of \(bodyView.matches.count)"
    }

    /// Scrolls so the matching line `index` is near the top and, when lines are not wrapped, so the match itself is in
    /// view: one far along a long line was off the right edge.
    mutating func revealMatch(_ index: Int, context: PaneContext) {
        guard let body = bodyRows(context) else { return }
        let page = context.screen.layout.bodyHeight
        bodyView.position = min(BodyPosition(line: max(0, index - 2), row: 0), body.end(page: page))
        guard !bodyView.wrap, let line = body.document.line(at: index) else { return }
        let text = BodyRows.styled(line, decodingEscapes: bodyView.decodesEscapes).plainText
        guard let found = text.lowercased().range(of: bodyView.query.lowercased()) else { return }
        let start = DisplayWidth.width(of: String(text.lowercased()[..<found.lowerBound]))
        let length = DisplayWidth.width(of: bodyView.query)
        if start < bodyView.column || start + length > bodyView.column + body.textWidth {
            bodyView.column = max(0, start - body.textWidth / 3)
        }
    }
}
