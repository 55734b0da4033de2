/// The command palette (Ctrl-P or `:`): one list of actions, requests, environments and recent exchanges, narrowed
/// by fuzzy matching as the query is typed, best first; ties go to what was picked or sent most recently.
public struct CommandPalette: Sendable, Equatable {
    /// Every row it can list, in their natural order (requests, environments, actions, then exchanges as they arrive).
    public private(set) var items: [PaletteItem]
    /// The rows prepared for matching, one per item.
    private var texts: [FuzzyText]
    /// The query.
    public var field = TextField(placeholder: "an action, request, environment or exchange")
    /// The items the query matches (indices into `items`), best first.
    public private(set) var shown: [Int]
    /// The query `shown` was filtered for; a query that extends it only looks at what it matched.
    private var filteredFor = ""
    /// The selected row of `shown`.
    public var selection = 0
    /// The id of the history read whose exchanges are still to come, while it is.
    public var pending: Int?
    /// Rank per item id in the recency list (0: most recent).
    private var recency: [String: Int]

    /// How many recent exchanges it lists.
    public static let historyLimit = 50

    /// Opens on `items`; `recent` is the ids picked or sent most recently first, which lead the list.
    public init(items: [PaletteItem], recent: [String] = []) {
        self.items = items
        texts = items.map { FuzzyText($0.text) }
        recency = Dictionary(recent.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        shown = []
        shown = ranked(Array(items.indices), matcher: FuzzyMatcher(""))
    }

    /// The highlighted item, if any row is shown.
    public var selected: PaletteItem? { shown.indices.contains(selection) ? items[shown[selection]] : nil }

    /// Adds rows that arrived later (recent exchanges), keeping the query and the selected item.
    public mutating func add(_ more: [PaletteItem]) {
        items += more
        texts += more.map { FuzzyText($0.text) }
        filteredFor = ""
        filter()
    }

    /// Narrows the list to the field's text, best first.
    public mutating func filter() {
        let query = field.text
        let previous = selected?.id
        // A longer query matches a subset of what the shorter one did: only those need scoring again.
        let candidates = !filteredFor.isEmpty && query.hasPrefix(filteredFor) ? shown : Array(items.indices)
        shown = ranked(candidates, matcher: FuzzyMatcher(query))
        filteredFor = query
        selection = previous.flatMap { id in query.isEmpty ? shown.firstIndex { items[$0].id == id } : nil } ?? 0
    }

    /// Where the query matched in the item at `index` of `items`, for highlighting.
    public func match(ofItem index: Int) -> FuzzyMatch? {
        FuzzyMatcher(field.text).match(texts[index])
    }

    /// `candidates` that `matcher` matches, by score, then recency, then their natural order.
    private func ranked(_ candidates: [Int], matcher: FuzzyMatcher) -> [Int] {
        var scored: [(index: Int, score: Int, recent: Int)] = []
        scored.reserveCapacity(candidates.count)
        for index in candidates {
            guard let score = matcher.score(texts[index]) else { continue }
            scored.append((index, score, recency[items[index].id] ?? Int.max))
        }
        scored.sort { ($1.score, $0.recent, $0.index) < ($0.score, $1.recent, $1.index) }
        return scored.map(\.index)
    }
}
