/// The palette's keys: moving through the list, Enter, Esc; every other key edits the query, which filters again.
extension CommandPalette {
    /// Handles `key`.
    mutating func update(_ key: Key, context: inout OverlayContext) -> ModalReply {
        let page = max(1, CommandPalette.listHeight(screenHeight: context.pane.screen.height))
        let last = max(0, shown.count - 1)
        switch context.pane.keyMap.action(for: key, in: .palette) {
        case .cancel?: return .closed
        case .confirm?: return selected.map(ModalReply.paletteChose) ?? .handled
        case .moveUp?: selection = max(0, selection - 1)
        case .moveDown?: selection = min(last, selection + 1)
        case .pageUp?: selection = max(0, selection - page)
        case .pageDown?: selection = min(last, selection + page)
        default:
            let before = field.text
            _ = field.handle(key)
            if field.text != before { filter() }
        }
        return .handled
    }

    /// Pasted text goes into the query.
    mutating func paste(_ text: String) {
        field.insert(text)
        filter()
    }
}
