import ExplorerLoad

/// The load panel's keys: Tab between the fields and Enter to start, Esc to stop a running test or close.
extension LoadPanel {
    /// Handles `key`; what only the shell can do (start or stop the test, copy) comes back as the reply.
    public mutating func update(_ key: Key, context: inout PaneContext) -> ModalReply {
        let action = context.keyMap.action(for: key, in: .loadPanel)
        switch stage {
        case .setup:
            switch action {
            case .cancel?: return .closed
            case .nextField?, .previousField?: field = 1 - field
            case .confirm?:
                do throws(LoadPlanError) {
                    let plan = try plan()
                    error = nil
                    return .startLoad(plan)
                } catch {
                    self.error = error.description
                }
            case .help?: return .help
            default:
                if field == 0 { _ = load.handle(key) } else { _ = duration.handle(key) }
                error = nil
            }
        case let .running(id):
            if action == .cancel {
                stage = .stopping(id: id)
                return .stopLoad(id)
            }
        case .stopping:
            break
        case .finished:
            switch action {
            case .cancel?: return .closed
            case .copy?: return .copy(text: lines.joined(separator: "\n"), what: "the load summary")
            case .moveDown?: scroll = min(max(0, lines.count - 1), scroll + 1)
            case .moveUp?: scroll = max(0, scroll - 1)
            case .help?: return .help
            default: break
            }
        }
        return .handled
    }
}
