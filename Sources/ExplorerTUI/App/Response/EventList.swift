import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The events of a stream (or the lines of a WebSocket conversation) as a list: it follows the newest until the user
/// moves up, one can be opened whole, search marks and steps through matches, and a JSONPath filter applies to each
/// event's data. It keeps only its own state; the items come from the response on screen.
public struct EventList: Sendable, Equatable {
    /// The selected item's sequence number; nil while the list follows the newest.
    public var selected: Int?
    /// The first row's sequence number when the list does not follow the newest.
    public var top = 0
    /// How many had arrived when the user left the newest, for the `↓ 12 new` marker.
    public var seenCount = 0
    /// True while the selected item is shown whole instead of the list.
    public var isOpen = false
    /// Rows of the opened item scrolled past.
    public var detailScroll = 0
    /// The search, matched without regard to case; empty for none.
    public var query = ""
    /// The JSONPath filter as typed; empty for none.
    public private(set) var filterText = ""
    /// Why the filter as typed does not apply.
    public private(set) var filterError: String?
    private var filterPath: JSONPath?
    /// What the filter selected in each item's data (compact JSON values joined by commas), by sequence number; an
    /// empty string when it selected nothing or the data is not JSON.
    private var filterValues: [Int: String] = [:]

    /// A list following the newest.
    public init() {}

    /// True while a JSONPath filter applies.
    public var isFiltered: Bool { filterPath != nil }

    /// The items shown: all of them, or those the filter selected something in.
    func shown(_ items: [EventItem]) -> [EventItem] {
        guard isFiltered else { return items }
        return items.filter { !filterValue($0).isEmpty }
    }

    /// What the filter selected in `item`, worked out now if it was not when the item arrived.
    func filterValue(_ item: EventItem) -> String {
        if let known = filterValues[item.sequence] { return known }
        return EventList.select(filterPath, in: item)
    }

    private static func select(_ path: JSONPath?, in item: EventItem) -> String {
        guard let path, !item.isNote, let matches = try? path.select(in: Data(item.data.utf8)) else { return "" }
        return matches.map(\.value).joined(separator: ", ")
    }

    /// Applies the JSONPath `text` (from `.` or `[` read from the root) to every item; an empty one removes it.
    public mutating func setFilter(_ text: String, items: [EventItem]) {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix(".") || trimmed.hasPrefix("[") { trimmed = "$" + trimmed }
        filterText = trimmed
        filterValues = [:]
        guard !trimmed.isEmpty, trimmed != "$" else {
            filterPath = nil
            filterError = nil
            return
        }
        do {
            filterPath = try JSONPath(trimmed)
            filterError = nil
        } catch {
            filterError = error.description
            return
        }
        arrived(items)
    }

    /// Works out the filter for items that arrived since, and forgets those dropped from the front.
    public mutating func arrived(_ items: [EventItem]) {
        guard let filterPath else { return }
        if let first = items.first?.sequence, filterValues.count > items.count { filterValues = filterValues.filter { $0.key >= first } }
        for item in items where filterValues[item.sequence] == nil { filterValues[item.sequence] = EventList.select(filterPath, in: item) }
    }

    /// Removes the filter.
    public mutating func clearFilter() {
        filterText = ""
        filterError = nil
        filterPath = nil
        filterValues = [:]
    }

    /// The item shown whole, or under the cursor: the selected one, else the newest shown.
    func current(_ items: [EventItem]) -> EventItem? {
        let shown = shown(items)
        guard let selected else { return shown.last }
        return shown.first { $0.sequence == selected } ?? shown.last
    }

    /// Moves the selection by `rows` (negative: up) in a list `page` rows high; moving down past the newest follows
    /// the stream again.
    public mutating func move(by rows: Int, items: [EventItem], total: Int, page: Int) {
        let shown = shown(items)
        guard !shown.isEmpty else { return }
        let index = selected.flatMap { selected in shown.firstIndex { $0.sequence >= selected } } ?? shown.count - 1
        let target = index + rows
        if target >= shown.count - 1, rows > 0 {
            follow()
            return
        }
        if selected == nil { seenCount = total }
        let clamped = max(0, min(shown.count - 1, target))
        selected = shown[clamped].sequence
        reveal(clamped, in: shown, page: page)
    }

    /// Selects the oldest item kept.
    public mutating func first(items: [EventItem], total: Int, page: Int) {
        let shown = shown(items)
        guard let oldest = shown.first else { return }
        if selected == nil { seenCount = total }
        selected = oldest.sequence
        top = oldest.sequence
    }

    /// Follows the newest again.
    public mutating func follow() {
        selected = nil
        isOpen = false
    }

    /// The next (or previous) item whose line contains the query, from the selection, wrapping around; false when
    /// none does.
    public mutating func step(forward: Bool, items: [EventItem], total: Int, page: Int) -> Bool {
        let shown = shown(items)
        guard !query.isEmpty, !shown.isEmpty else { return false }
        let start = selected.flatMap { selected in shown.firstIndex { $0.sequence >= selected } } ?? (forward ? shown.count - 1 : 0)
        for offset in 1...shown.count {
            let index = ((start + (forward ? offset : -offset)) % shown.count + shown.count) % shown.count
            guard matches(shown[index]) else { continue }
            if selected == nil { seenCount = total }
            selected = shown[index].sequence
            reveal(index, in: shown, page: page)
            return true
        }
        return false
    }

    /// How many items shown contain the query.
    func matchCount(_ items: [EventItem]) -> Int {
        shown(items).filter(matches).count
    }

    /// True when the item's line (time, label, data or filtered value) contains the query.
    func matches(_ item: EventItem) -> Bool {
        guard !query.isEmpty else { return false }
        let text = item.line(value: isFiltered ? filterValue(item) : nil).plainText
        return text.range(of: query, options: .caseInsensitive) != nil
    }

    /// Scrolls so the row `index` of `shown` is in a list `page` rows high.
    private mutating func reveal(_ index: Int, in shown: [EventItem], page: Int) {
        let topIndex = shown.firstIndex { $0.sequence >= top } ?? 0
        if index < topIndex {
            top = shown[index].sequence
        } else if index >= topIndex + max(1, page) {
            top = shown[max(0, index - max(1, page) + 1)].sequence
        }
    }

    /// Opens the item under the cursor whole.
    public mutating func open(items: [EventItem], total: Int) {
        guard let item = current(items) else { return }
        if selected == nil { seenCount = total }
        selected = item.sequence
        isOpen = true
        detailScroll = 0
    }

    /// The rows of the list that fit `height`, with which of them is selected: the newest when following, else from
    /// `top` and always including the selection.
    func window(_ items: [EventItem], height: Int) -> (rows: ArraySlice<EventItem>, selected: Int?) {
        let shown = shown(items)
        guard height > 0, !shown.isEmpty else { return ([], nil) }
        guard let selected, let index = shown.firstIndex(where: { $0.sequence >= selected }) else {
            return (shown.suffix(height), nil)
        }
        var start = shown.firstIndex { $0.sequence >= top } ?? 0
        if index < start { start = index }
        if index >= start + height { start = index - height + 1 }
        start = max(0, min(start, shown.count - height))
        return (shown[start..<min(shown.count, start + height)], shown[index].sequence)
    }
}
