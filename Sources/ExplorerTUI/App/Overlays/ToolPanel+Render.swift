import ExplorerChecks
import ExplorerCore

extension ToolPanel {
    /// Draws the export / compare overlay over most of the screen.
    func render(into buffer: inout CellBuffer, context: OverlayContext) {
        let panel = self
        let title: String
        var lines: [StyledLine]
        var scroll = 0
        switch panel {
        case let .exporting(_, format):
            title = " Export as \(format.title) "
            lines = [StyledLine("Resolving the request…", style: Theme.dim)]
        case let .exported(format, text, offset):
            title = " Export as \(format.title) — Tab: next format, Esc closes "
            lines = text.map { StyledLine($0) }
            scroll = offset
        case let .choosingEnvironment(selection):
            let active = context.activeEnvironment ?? "none"
            title = " Compare \(active) with… "
            lines = context.comparisonCandidates.enumerated().map { index, env in
                StyledLine([Span((index == selection ? "› " : "  ") + env.name, style: index == selection ? Theme.selected : .bold),
                            Span("  " + (env.usesBuiltInDemo ? "built-in demo API" : env.baseURL), style: Theme.dim)])
            }
            lines.append(StyledLine("Enter sends the request in both and compares the responses.", style: Theme.dim))
        case let .comparing(_, first, second, source):
            title = " Compare \(first) ↔ \(second) "
            let work = source == .history ? "Reading from history…" : "Sending in both environments…"
            lines = [StyledLine(work, style: .bold), StyledLine("Esc closes", style: Theme.dim)]
        case let .compared(heading, report, offset):
            title = " Compare \(heading) — Esc closes "
            lines = report.map { StyledLine($0.text, style: ToolPanel.style(of: $0.kind)) }
            scroll = offset
        case let .failed(heading, message):
            title = " \(heading) "
            lines = [StyledLine("✗ Failed", style: Theme.error)] + message.split(separator: "\n").map { StyledLine(String($0)) }
        }
        let screen = Rect(x: 0, y: 0, width: context.pane.screen.width, height: context.pane.screen.height)
        let area = Overlay.centered(width: max(1, context.pane.screen.width - 4), height: max(3, min(context.pane.screen.height - 2, lines.count + 2)), in: screen)
        buffer.fill(area)
        let block = Block(title: StyledLine(title), isFocused: true)
        block.render(in: area, buffer: &buffer)
        Paragraph(lines: Array(lines.dropFirst(scroll))).render(in: block.inner(of: area), buffer: &buffer)
    }

    private static func style(of kind: ComparisonLine.Kind) -> Style {
        switch kind {
        case .heading: return .bold
        case .same, .note: return Theme.dim
        case .changed: return ThemePalette.current.diffChanged
        case .removed: return ThemePalette.current.diffRemoved
        case .added: return ThemePalette.current.diffAdded
        }
    }
}
