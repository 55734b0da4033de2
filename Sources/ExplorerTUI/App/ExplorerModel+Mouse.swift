/// Clicks and the wheel: a click focuses the pane under it and picks the tree row, tab or table row there; the wheel
/// scrolls the pane under the pointer. While a dialog, an overlay or a field is open the mouse does nothing, so a
/// stray click cannot lose what is being typed.
extension ExplorerModel {
    mutating func mouse(_ event: MouseEvent) -> [AppEffect] {
        guard modal == nil,
              requestEditor.edit?.row == nil, requestEditor.edit?.url == nil, requestEditor.edit?.value == nil, tree.filterField == nil, responseView.bodyView.searchField == nil else { return [] }
        let layout = screen.layout
        guard !layout.isTooSmall else { return [] }
        if requestEditor.edit?.body != nil {
            guard !layout.request.contains(x: event.x, y: event.y) else { return [] }
            commitBodyEditor()
            requestEditor.edit = nil
        }
        let steps = 3
        if layout.tree.contains(x: event.x, y: event.y) {
            focus = .tree
            let before = tree.selectedRequestKey
            let source = treeSource
            switch event.action {
            case .wheelUp: for _ in 0..<steps { _ = tree.perform(.moveUp, source: source) }
            case .wheelDown: for _ in 0..<steps { _ = tree.perform(.moveDown, source: source) }
            case .click: tree.click(row: event.y, in: layout.tree, source: source)
            }
            requestSelectionMoved(from: before)
        } else if layout.request.contains(x: event.x, y: event.y) {
            focus = .request
            switch event.action {
            case .wheelUp: _ = inRequest { pane in (0..<steps).flatMap { _ in pane.perform(.moveUp) ?? [] } }
            case .wheelDown: _ = inRequest { pane in (0..<steps).flatMap { _ in pane.perform(.moveDown) ?? [] } }
            case .click: clickRequest(x: event.x, y: event.y, in: layout.request)
            }
        } else if layout.response.contains(x: event.x, y: event.y) {
            focus = .response
            switch event.action {
            case .wheelUp: for _ in 0..<steps { _ = inPane(\.responseView) { $0.perform(.moveUp, context: &$1) } }
            case .wheelDown: for _ in 0..<steps { _ = inPane(\.responseView) { $0.perform(.moveDown, context: &$1) } }
            case .click:
                // The response's tabs are on the second row inside its border, under the status line.
                if event.y == layout.response.y + 2, case let .received(summary) = responseView.state,
                   let index = ResponseView.tabs(summary, selected: responseView.tab).index(atColumn: event.x - layout.response.x - 1) {
                    let offered = ResponseTab.offered(for: summary)
                    if offered.indices.contains(index), offered[index] != responseView.tab { responseView.show(offered[index]) }
                }
            }
        }
        return []
    }

    /// A click on the request pane's tabs switches tab; on a table row it selects that row.
    private mutating func clickRequest(x: Int, y: Int, in rect: Rect) {
        let inner = rect.inner
        if y == inner.y + 2 {
            let tabs = Tabs(titles: RequestTab.allCases.map { StyledLine($0.title) }, selectedIndex: requestEditor.tab.rawValue)
            if let index = tabs.index(atColumn: x - inner.x), let tab = RequestTab(rawValue: index), tab != requestEditor.tab {
                requestEditor.tab = tab
                requestEditor.selection = 0
            }
            return
        }
        // Tables start under the tabs with a row of column titles (the Body tab's form fields one row lower).
        let tableTop = inner.y + 3 + (requestEditor.tab == .body ? 1 : 0)
        let visible = max(1, inner.y + inner.height - tableTop - 1)
        let offset = ScrollOffset.keepingVisible(selection: requestEditor.selection, offset: 0, visibleCount: visible, itemCount: requestPane.rowCount)
        let index = offset + (y - tableTop - 1)
        if y > tableTop, index < requestPane.rowCount, index >= 0 { requestEditor.selection = index }
    }
}
