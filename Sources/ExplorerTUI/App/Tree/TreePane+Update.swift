import ExplorerCore
import ExplorerWorkspace

/// The tree's keys: moving, opening and closing folders, Enter, the filter; and keeping the selected request in step
/// with the cursor.
extension TreePane {
    /// An action on the focused tree; nil when it is not one of the tree's.
    public mutating func perform(_ action: AppAction, source: TreeSource) -> TreeReply? {
        let rows = source.rows(for: self)
        switch action {
        case .filter:
            // A fresh filter each time: reopening with the old text appended to it.
            filterField = TextField(placeholder: filter.isEmpty ? "filter requests" : "filter requests (was \(filter))")
            clearFilter(source: source)
            filterOrigin = selectedRequestKey
            return .handled
        case .clearFilter:
            guard !filter.isEmpty else { return .handled }
            clearFilter(source: source)
            syncSelection(source: source)
            return .handled
        case .activate:
            guard rows.indices.contains(cursor) else { return .handled }
            let row = rows[cursor]
            guard row.method != nil else {
                toggle(row.key)
                return .handled
            }
            selectedRequestKey = row.key
            return .send
        case .moveUp, .moveDown, .top, .bottom, .pageUp, .pageDown, .collapse, .expand:
            guard !rows.isEmpty else { return .handled }
            cursor = min(cursor, rows.count - 1)
            let row = rows[cursor]
            switch action {
            case .moveUp: cursor = max(0, cursor - 1)
            case .moveDown: cursor = min(rows.count - 1, cursor + 1)
            case .top: cursor = 0
            case .bottom: cursor = rows.count - 1
            case .pageUp: cursor = max(0, cursor - 10)
            case .pageDown: cursor = min(rows.count - 1, cursor + 10)
            case .collapse:
                if expanded.contains(row.key), row.method == nil {
                    expanded.remove(row.key)
                } else if let parent = rows[..<cursor].lastIndex(where: { $0.depth < row.depth }) {
                    cursor = parent
                }
            default:
                if row.method == nil { expanded.insert(row.key) }
            }
            syncSelection(source: source)
            return .handled
        default:
            return nil
        }
    }

    /// Keys typed into the filter; nil when it is not open.
    public mutating func updateFilter(_ key: Key, source: TreeSource, context: PaneContext) -> TreeReply? {
        guard var field = filterField else { return nil }
        if case let .paste(text) = key {
            field.insert(text)
            filterField = field
            filter = field.text
            cursor = min(cursor, max(0, source.rows(for: self).count - 1))
            syncSelection(source: source, strict: true)
            return .handled
        }
        var reply = TreeReply.handled
        switch context.keyMap.action(for: key, in: .treeFilter) {
        case .confirm?:
            filterField = nil
        case .send?:
            // Ctrl-J sends from anywhere: here it keeps the filter and sends the request highlighted by it.
            filterField = nil
            reply = .send
        case .cancel?:
            filterField = nil
            filter = ""
            // Back to the whole tree and the request selected before filtering (a filter that matched nothing on the
            // way cleared the selection), its folders opened to show it.
            if selectedRequestKey == nil { selectedRequestKey = filterOrigin }
            revealSelected(source: source)
        default:
            _ = field.handle(key)
            filterField = field
            let changed = field.text != filter
            filter = field.text
            // The cursor goes to the first request that matches, so the request shown and sent is the one highlighted.
            if changed, !filter.isEmpty, let first = source.rows(for: self).firstIndex(where: { $0.method != nil }) { cursor = first }
        }
        cursor = min(cursor, max(0, source.rows(for: self).count - 1))
        syncSelection(source: source, strict: filterField != nil || reply == .send)
        return reply
    }

    /// Makes the request shown (and sent by Ctrl-J) agree with the cursor: a request under the cursor becomes the
    /// selected one. On a folder or collection row, while browsing, the last request stays shown if it is in the same
    /// collection; after the tree changed under it (`strict`: a delete, move, rename, reload or filter) nothing is
    /// shown, since the request left on screen may no longer be the one the user picked.
    public mutating func syncSelection(source: TreeSource, strict: Bool = false) {
        let rows = source.rows(for: self)
        guard rows.indices.contains(cursor) else {
            selectedRequestKey = nil
            return
        }
        let row = rows[cursor]
        if row.method != nil {
            selectedRequestKey = row.key
        } else if let key = selectedRequestKey {
            let sameCollection = source.collections.indices.contains(row.collectionIndex)
                && key.collection == source.collections[row.collectionIndex].slug
            if strict || !sameCollection || source.locate(key: key) == nil { selectedRequestKey = nil }
        }
    }

    /// Shows the whole tree again with the cursor on the row it was on, its folders opened: keeping the cursor's index
    /// would put it, and the request shown and sent, on whatever row the unfiltered tree has there.
    mutating func clearFilter(source: TreeSource) {
        let rows = source.rows(for: self)
        let key = rows.indices.contains(cursor) ? rows[cursor].key : selectedRequestKey
        filter = ""
        guard let key else { return }
        reveal(key)
        relocate(to: key, source: source)
    }

    /// Opens the folders above the selected request and puts the cursor on it, when there is one.
    public mutating func revealSelected(source: TreeSource) {
        guard let key = selectedRequestKey else { return }
        reveal(key)
        if let row = source.rows(for: self).firstIndex(where: { $0.key == key }) { cursor = row }
    }

    /// After the tree changed under it: the cursor goes to the row `key` it was on or, when that is gone, its nearest
    /// folder still there. Keeping the index would put the cursor (and the request pane) on whatever request moved up
    /// into its place.
    public mutating func relocate(to key: RequestKey?, source: TreeSource) {
        let rows = source.rows(for: self)
        var candidate = key
        while let current = candidate {
            if let index = rows.firstIndex(where: { $0.key == current }) {
                cursor = index
                break
            }
            candidate = current.parent
        }
        cursor = min(cursor, max(0, rows.count - 1))
    }

    /// Opens the folders above the row `key`.
    mutating func reveal(_ key: RequestKey) {
        for folder in key.ancestors { expanded.insert(folder) }
    }

    /// A click on the row at screen row `y` of the pane `rect` selects it; on a collection or folder it also opens or
    /// closes it. It never sends.
    public mutating func click(row y: Int, in rect: Rect, source: TreeSource) {
        let list = listArea(in: rect)
        let rows = source.rows(for: self)
        let offset = ScrollOffset.keepingVisible(selection: rows.isEmpty ? nil : min(cursor, rows.count - 1), offset: 0,
                                                 visibleCount: list.height, itemCount: rows.count)
        let index = offset + (y - list.y)
        guard y >= list.y, rows.indices.contains(index) else { return }
        cursor = index
        let row = rows[index]
        switch row.kind {
        case .collection, .folder: toggle(row.key)
        case .request, .problem: break
        }
        syncSelection(source: source)
    }

    /// Where the rows are drawn inside the pane `rect`: inside the border, below the filter line when there is one.
    /// The view draws there and clicks are read from there.
    public func listArea(in rect: Rect) -> Rect {
        let inner = rect.inner
        guard filterField != nil || !filter.isEmpty else { return inner }
        return Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: max(0, inner.height - 1))
    }

    private mutating func toggle(_ key: RequestKey) {
        if expanded.contains(key) { expanded.remove(key) } else { expanded.insert(key) }
    }
}
