import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The response pane as an event list: while a stream comes in (and after Esc stopped it), on the Stream tab of a
/// streamed response, and for a WebSocket conversation. Keys move through the events, open one whole, search them and
/// filter each event's data by a JSONPath.
extension ResponseView {
    /// The rows of the event list on screen and how many arrived; nil when the pane shows no event list.
    func eventSource() -> (items: [EventItem], total: Int)? {
        if let conversation { return (conversation.items, conversation.total) }
        switch state {
        case .sending, .cancelled:
            guard let live else { return nil }
            return (live.items, live.count)
        case let .received(summary):
            guard tab == .stream, let events = summary.events else { return nil }
            return (EventItem.items(events, total: events.count), events.count)
        case .idle, .failed:
            return nil
        }
    }

    /// True while the pane shows an event list.
    public var showsEvents: Bool { eventSource() != nil }

    /// Rows the event list has in the pane as the screen lays it out.
    private func eventPage(_ context: PaneContext) -> Int {
        max(1, context.screen.layout.response.height - 5)
    }

    /// An action on the event list; nil when it is not one of the list's.
    mutating func performOnEvents(_ action: AppAction, context: inout PaneContext) -> [AppEffect]? {
        guard let (items, total) = eventSource() else { return nil }
        let page = eventPage(context)
        if events.isOpen {
            switch action {
            case .moveUp: events.detailScroll = max(0, events.detailScroll - 1)
            case .moveDown: events.detailScroll += 1
            case .pageUp: events.detailScroll = max(0, events.detailScroll - page)
            case .pageDown: events.detailScroll += page
            case .top: events.detailScroll = 0
            case .activate: events.isOpen = false
            case .copy: return copyEvent(items)
            default: return nil
            }
            return []
        }
        switch action {
        case .moveUp: events.move(by: -1, items: items, total: total, page: page)
        case .moveDown: events.move(by: 1, items: items, total: total, page: page)
        case .pageUp: events.move(by: -page, items: items, total: total, page: page)
        case .pageDown: events.move(by: page, items: items, total: total, page: page)
        case .top: events.first(items: items, total: total, page: page)
        case .bottom: events.follow()
        case .activate:
            events.open(items: items, total: total)
            if !events.isOpen { context.status = "No event to show yet." }
        case .search: bodyView.searchField = TextField(text: events.query, placeholder: "search the events")
        case .filterJSON:
            bodyView.filterField = TextField(text: events.filterText, placeholder: "JSONPath over each event's data, such as $.delta")
        case .nextMatch, .previousMatch:
            if events.query.isEmpty {
                context.status = "Press / to search the events."
            } else if !events.step(forward: action == .nextMatch, items: items, total: total, page: page) {
                context.status = "No event matches \"\(events.query)\""
            }
        case .copy: return copyEvent(items)
        default: return nil
        }
        return []
    }

    /// y on the list: the data of the event under the cursor.
    private func copyEvent(_ items: [EventItem]) -> [AppEffect] {
        guard let item = events.current(items) else { return [] }
        return [.copy(text: item.data, what: "event #\(item.sequence + 1)'s data")]
    }

    /// Enter in the search prompt over the event list: the query marks the events that contain it, and the newest
    /// of them (or the next after the selection) is selected; false when the pane shows no list.
    mutating func searchEvents(_ query: String, context: inout PaneContext) -> Bool {
        guard let (items, total) = eventSource() else { return false }
        events.query = query
        guard !query.isEmpty else { return true }
        let count = events.matchCount(items)
        // From the newest back when following, so the latest match is the one shown first.
        _ = events.step(forward: events.selected != nil, items: items, total: total, page: eventPage(context))
        context.status = count == 0 ? "No event matches \"\(query)\""
            : "\(count) event\(count == 1 ? " matches" : "s match") \"\(query)\" (n / N step through them)"
        return true
    }

    /// What Enter in the filter prompt says about the filter over the event list; nil when none applies.
    var eventFilterNote: String? {
        // Without counts: more events may come, and the list's foot keeps the count as they do.
        guard events.isFiltered, eventSource() != nil else { return nil }
        return "Showing the events that have a value for \(events.filterText); the list's foot counts them."
    }

    /// New events or messages arrived: the filter is worked out for them.
    public mutating func eventsArrived() {
        guard events.isFiltered, let (items, _) = eventSource() else { return }
        events.arrived(items)
    }

    /// Draws the event list in `area`, with the search or filter prompt (and the filter's error) at its foot.
    func renderEvents(in area: Rect, _ buffer: inout CellBuffer) {
        guard let (items, total) = eventSource(), area.height > 0 else { return }
        var list = area
        let foot = Rect(x: area.x, y: area.bottom - 1, width: area.width, height: 1)
        if let field = bodyView.searchField {
            ExplorerView.prompt(field, at: foot, &buffer)
            list.height -= 1
        } else if let field = bodyView.filterField {
            let used = buffer.write("filter ", at: Position(x: foot.x, y: foot.y), style: .bold, maxWidth: foot.width)
            field.render(in: Rect(x: foot.x + used, y: foot.y, width: max(1, foot.width - used), height: 1), buffer: &buffer)
            list.height -= 1
            if let error = events.filterError, list.height > 1 {
                ExplorerView.writeCut(StyledLine("✗ " + error, style: Theme.error), in: Rect(x: area.x, y: foot.y - 1, width: area.width, height: 1), &buffer)
                list.height -= 1
            }
        } else if events.isFiltered, list.height > 1 {
            let note = "[filter \(events.filterText): \(events.shown(items).count) of \(items.count)]  f changes it, Esc in its prompt removes it"
            ExplorerView.writeCut(StyledLine(note, style: Theme.dim), in: foot, &buffer)
            list.height -= 1
        }
        events.render(items, total: total, in: list, &buffer)
    }
}
