/// The message log's keys: scrolling, and Esc, q or `!` again to close.
extension MessageList {
    /// Handles `key`; keys it does not bind do nothing, so a stray key cannot close the list being read.
    mutating func update(_ key: Key, context: inout PaneContext) -> ModalReply {
        let action = context.keyMap.action(for: key, in: .messageList)
        if action == .cancel { return .closed }
        if action == .help { return .help }
        // Rows, not entries: a long message wraps onto several.
        let visible = MessageList.visibleRows(screen: context.screen)
        let last = max(0, rowCount(screen: context.screen, now: context.now) - visible)
        switch action {
        case .moveUp?: scroll = max(0, scroll - 1)
        case .moveDown?: scroll = min(last, scroll + 1)
        case .pageUp?: scroll = max(0, scroll - visible)
        case .pageDown?: scroll = min(last, scroll + visible)
        case .top?: scroll = 0
        case .bottom?: scroll = last
        default: break
        }
        return .handled
    }
}
