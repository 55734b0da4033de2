/// The Schema view's keys: j and k pick a type, PgUp and PgDn scroll its fields, Esc closes.
extension SchemaBrowser {
    /// Handles `key`; keys it does not bind do nothing, so a stray key cannot close what is being read.
    mutating func update(_ key: Key, context: inout PaneContext) -> ModalReply {
        let page = max(1, SchemaBrowser.area(screen: context.screen).height - 4)
        let last = max(0, typeNames.count - 1)
        let before = selection
        switch context.keyMap.action(for: key, in: .schemaView) {
        case .cancel?: return .closed
        case .help?: return .help
        case .moveUp?: selection = max(0, selection - 1)
        case .moveDown?: selection = min(last, selection + 1)
        case .top?: selection = 0
        case .bottom?: selection = last
        case .pageDown?: scroll = min(max(0, detailLines(width: SchemaBrowser.detailWidth(screen: context.screen)).count - page), scroll + page)
        case .pageUp?: scroll = max(0, scroll - page)
        default: break
        }
        if selection != before { scroll = 0 }
        return .handled
    }
}
