import ExplorerCore
import ExplorerFormats

/// The export and compare overlay's keys: scrolling, Tab for the next export format, Enter to pick, Esc or q to close.
extension ToolPanel {
    /// Handles `key`. `back` is the history list a comparison started from, shown again when this closes;
    /// `candidates` is how many environments the comparison list offers.
    mutating func update(_ key: Key, back: HistoryPanel?, candidates: Int, context: inout PaneContext) -> ModalReply {
        let action = context.keyMap.action(for: key, in: .toolPanel)
        if action == .cancel {
            // A comparison started from the history list goes back to it.
            return back.map(ModalReply.backToHistory) ?? .closed
        }
        if action == .help { return .help }
        let page = max(1, context.screen.height - 6)
        if action == .copy {
            switch self {
            case let .exported(format, lines, _): return .copy(text: lines.joined(separator: "\n"), what: "the \(format.title) export")
            case let .compared(title, lines, _): return .copy(text: lines.map(\.text).joined(separator: "\n"), what: "the comparison \(title)")
            default:
                context.status = "Nothing to copy yet."
                return .handled
            }
        }
        switch self {
        case let .choosingEnvironment(selection):
            switch action {
            case .moveUp?: self = .choosingEnvironment(selection: max(0, selection - 1))
            case .moveDown?: self = .choosingEnvironment(selection: min(candidates - 1, selection + 1))
            case .confirm?: return selection < candidates ? .compareWith(selection) : .closed
            default: break
            }
        case let .exported(format, lines, scroll):
            if action == .nextFormat {
                let all = ExportFormat.allCases
                return .nextFormat(all[((all.firstIndex(of: format) ?? 0) + 1) % all.count])
            }
            self = .exported(format: format, lines: lines, scroll: ToolPanel.scrolled(scroll, by: action, page: page, count: lines.count))
        case let .compared(title, lines, scroll):
            self = .compared(title: title, lines: lines, scroll: ToolPanel.scrolled(scroll, by: action, page: page, count: lines.count))
        case .exporting, .comparing, .failed:
            break
        }
        return .handled
    }

    /// `scroll` moved by a scrolling action over `count` lines shown `page` at a time.
    static func scrolled(_ scroll: Int, by action: AppAction?, page: Int, count: Int) -> Int {
        let last = max(0, count - page)
        switch action {
        case .moveUp?: return max(0, scroll - 1)
        case .moveDown?: return min(last, scroll + 1)
        case .pageUp?: return max(0, scroll - page)
        case .pageDown?: return min(last, scroll + page)
        case .top?: return 0
        case .bottom?: return last
        default: return scroll
        }
    }

    /// True when the panel, as it is now, answers `action` (so its hint line offers only keys that do something).
    public func offers(_ action: AppAction) -> Bool {
        if action == .help { return true }
        return switch self {
        case .choosingEnvironment: [.confirm, .cancel].contains(action) || action.isMovement
        case .exported: [.cancel, .nextFormat, .copy].contains(action) || action.isMovement
        case .compared: [.cancel, .copy].contains(action) || action.isMovement
        case .exporting, .comparing, .failed: action == .cancel
        }
    }
}
