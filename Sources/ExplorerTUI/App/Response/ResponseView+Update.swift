import ExplorerCore
import Foundation

/// The response pane's keys and answers: scrolling, tabs, wrap, search and the JSON filter. Each entry point returns
/// nil for what is not the pane's, so the shell goes on with it.
extension ResponseView {
    /// Keys typed into the pane's prompts (search, JSON filter); nil when neither is open.
    public mutating func updatePrompt(_ key: Key, context: inout PaneContext) -> [AppEffect]? {
        if bodyView.searchField != nil { return handleSearch(key, context: &context) }
        if bodyView.filterField != nil { return handleJSONFilter(key, context: &context) }
        return nil
    }

    /// An action on the focused response pane; nil when it is not one of the pane's.
    public mutating func perform(_ action: AppAction, context: inout PaneContext) -> [AppEffect]? {
        if let effects = performOnEvents(action, context: &context) { return effects }
        switch action {
        case .search:
            guard case .received = state else {
                context.status = "Nothing to search: there is no response body."
                return []
            }
            bodyView.searchField = TextField(placeholder: "search the body")
        case .filterJSON:
            openJSONFilter(context: &context)
        case .toggleEscapes:
            bodyView.decodesEscapes.toggle()
            context.status = bodyView.decodesEscapes ? "\\u escapes in JSON strings are shown decoded." : "\\u escapes in JSON strings are shown as written."
        case .toggleSecrets:
            toggleSecrets(context: &context)
        case .nextMatch, .previousMatch:
            stepMatch(forward: action == .nextMatch, context: &context)
        case .nextTab, .previousTab:
            var offered: [ResponseTab] = [.body, .headers]
            if case let .received(summary) = state { offered = ResponseTab.offered(for: summary) }
            let index = offered.firstIndex(of: tab) ?? 0
            show(offered[(index + (action == .nextTab ? 1 : offered.count - 1)) % offered.count])
        case .toggleWrap, .toggleLineNumbers:
            if action == .toggleWrap { bodyView.wrap.toggle() } else { bodyView.lineNumbers.toggle() }
            bodyView.scrollRow = 0
            bodyView.column = 0
            // Unwrapped, the lines take fewer rows: do not stay past the new end.
            if let body = bodyRows(context) { bodyView.position = min(bodyView.position, body.end(page: context.screen.layout.bodyHeight)) }
        case .moveUp, .moveDown, .pageUp, .pageDown, .top, .bottom, .scrollLeft, .scrollRight:
            scroll(action, context: &context)
        default:
            return nil
        }
        return []
    }

    /// R: the secrets masked in a live response shown as the server sent them, or hidden again. Only the response on
    /// screen changes; history and exports never had them.
    private mutating func toggleSecrets(context: inout PaneContext) {
        guard case var .received(summary) = state else {
            context.status = "No response: R reveals the secrets masked in a response."
            return
        }
        guard summary.past == nil else {
            context.status = "History keeps responses with their secrets masked: there is nothing to reveal."
            return
        }
        guard summary.toggleSecrets() else {
            context.status = "Nothing is masked in this response."
            return
        }
        state = .received(summary)
        // A JSONPath filter shows the same body: masked as it now is.
        bodyView.filtered = bodyView.filtered?.remasked(summary.body.masker)
        context.status = summary.showsSecrets
            ? "⚠ Secrets shown in this response (never kept in history): R hides them."
            : "Secrets masked again."
    }

    /// Shows `tab` from its top.
    public mutating func show(_ tab: ResponseTab) {
        self.tab = tab
        bodyView.position = BodyPosition(line: 0, row: 0)
        bodyView.column = 0
    }

    /// A new response is on screen: scrolled to the top, and a search or filter made on the old one is gone.
    public mutating func resetBody(context: inout PaneContext) {
        bodyView.position = BodyPosition(line: 0, row: 0)
        bodyView.column = 0
        // A search belongs to the body it ran on: its matches and message do not carry over to a new response.
        bodyView.matches = []
        bodyView.pendingSearch = nil
        if !bodyView.query.isEmpty, context.status?.contains(bodyView.quotedQuery) == true { context.status = nil }
        bodyView.query = ""
        bodyView.filterField = nil
        clearJSONFilter()
    }

    /// The body as screen rows in the pane as the screen lays it out, or nil without a received response.
    func bodyRows(_ context: PaneContext) -> BodyRows? {
        guard case let .received(summary) = state else { return nil }
        // The pane's inside: the response rect without its border.
        return BodyRows(bodyView.filtered ?? summary.body, view: bodyView, paneWidth: context.screen.layout.response.width - 2)
    }

    /// Rows the tab shown scrolls through, outside the Body tab: the headers table by its rows, wrapped text by the
    /// screen rows it takes.
    private func scrollExtent(_ summary: ResponseSummary, width: Int) -> Int {
        switch tab {
        case .checks: Paragraph(lines: ResponseView.checkLines(summary), wrap: true).rows(width: width).count
        case .cookies: summary.cookies.count
        case .trace: Paragraph(lines: summary.trace.map { StyledLine($0) }, wrap: true).rows(width: width).count
        case .headers where bodyView.wrap:
            // Wrapped headers scroll by rows: a long value takes several.
            Paragraph(lines: ResponseView.headerLines(summary), wrap: true).rows(width: width).count
        default: summary.headers.count
        }
    }

    private mutating func scroll(_ action: AppAction, context: inout PaneContext) {
        let layout = context.screen.layout
        let page = layout.bodyHeight
        // The body scrolls by screen rows (a wrapped line takes several); the other tabs by rows of their own.
        let body = tab == .body ? bodyRows(context) : nil
        var total = 0
        if body == nil, case let .received(summary) = state { total = scrollExtent(summary, width: layout.response.width - 2) }
        // The unwrapped headers table spends a row on its column titles, so one row fewer shows headers.
        let shown = body == nil && !bodyView.wrap ? page - 1 : page
        let last = max(0, total - shown)
        func scroll(by rows: Int) {
            if let body {
                bodyView.position = body.moved(bodyView.position, by: rows, page: page)
            } else {
                bodyView.scroll = min(last, max(0, bodyView.scroll + rows))
            }
        }
        switch action {
        case .moveUp: scroll(by: -1)
        case .moveDown: scroll(by: 1)
        case .pageUp: scroll(by: -page)
        case .pageDown: scroll(by: page)
        case .top: bodyView.position = BodyPosition(line: 0, row: 0)
        case .bottom:
            if let body { bodyView.position = body.end(page: page) } else { bodyView.scroll = last }
        case .scrollLeft, .scrollRight:
            guard let body, !bodyView.wrap else {
                if body != nil { context.status = "Lines wrap (w turns wrapping off to scroll sideways)." }
                return
            }
            let step = max(8, body.textWidth / 2)
            if action == .scrollLeft {
                bodyView.column = max(0, bodyView.column - step)
            } else {
                // No further than where the widest line on screen ends at the right edge.
                let widest = body.document.lines(in: bodyView.scroll..<(bodyView.scroll + page))
                    .map { BodyRows.styled($0, decodingEscapes: bodyView.decodesEscapes).width }.max() ?? 0
                bodyView.column = min(max(0, widest - body.textWidth), bodyView.column + step)
            }
        default: break
        }
    }
}
