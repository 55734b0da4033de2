import ExplorerCore

/// The history list's keys: moving, the text filter, the status and environment filters, the scope, marking, and
/// opening, replaying or comparing exchanges (answers the shell carries out).
extension HistoryPanel {
    /// Handles `key`.
    mutating func update(_ key: Key, context: inout OverlayContext) -> ModalReply {
        let keyMap = context.pane.keyMap
        if var field = filterField {
            switch keyMap.action(for: key, in: .historyFilter) {
            case .confirm?:
                filterField = nil
                text = field.text
                selection = 0
                return .relist
            case .cancel?:
                filterField = nil
            default:
                _ = field.handle(key)
                filterField = field
            }
            return .handled
        }
        guard let action = isCapture ? keyMap.action(for: key, in: .captureList) : keyMap.historyAction(for: key) else { return .handled }
        let page = max(1, context.pane.screen.height - 8)
        let last = max(0, entries.count - 1)
        switch action {
        case .cancel: return .closed
        case .help: return .help
        case .moveUp: selection = max(0, selection - 1)
        case .moveDown: selection = min(last, selection + 1)
        case .pageUp: selection = max(0, selection - page)
        case .pageDown: selection = min(last, selection + page)
        case .top: selection = 0
        case .bottom: selection = last
        case .filter:
            var field = TextField(placeholder: "filter by URL, method or request; Enter applies")
            field.setText(text)
            filterField = field
        case .cycleStatusFilter, .cycleEnvironmentFilter, .toggleHistoryScope:
            if action == .cycleStatusFilter { status = status.next }
            if action == .cycleEnvironmentFilter {
                let choices: [String?] = [nil] + environments.map { Optional($0) }
                let index = choices.firstIndex(of: environment) ?? 0
                environment = choices[(index + 1) % choices.count]
            }
            if action == .toggleHistoryScope {
                guard reference != nil || context.selectedRequest != nil else {
                    context.pane.status = "Select a request in the tree to see its history alone."
                    return .handled
                }
                reference = reference == nil ? context.selectedRequest?.description : nil
            }
            selection = 0
            return .relist
        case .markExchange:
            guard let entry = selected else { return .handled }
            marked = marked == entry.id ? nil : entry.id
            if marked != nil { context.pane.status = "Marked #\(entry.id); c on another exchange compares the two." }
        case .openExchange:
            return selected.map { .openExchange($0.id) } ?? .handled
        case .replay:
            return selected.map(ModalReply.replay) ?? .handled
        case .saveExchange:
            return selected.map(ModalReply.saveExchange) ?? .handled
        case .compareExchanges:
            return selected == nil ? .handled : .compare(self)
        default: break
        }
        return .handled
    }
}
