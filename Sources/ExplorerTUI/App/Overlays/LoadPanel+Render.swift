import ExplorerCore

extension LoadPanel {
    /// Draws the load panel over most of the screen.
    func render(into buffer: inout CellBuffer, context: OverlayContext) {
        let width = max(1, context.pane.screen.width - 4)
        var lines: [StyledLine] = []
        let title: String
        switch stage {
        case .setup:
            title = " Load test \(request) "
            lines.append(StyledLine("Rate (50/s, the open model) or users (8 users, the closed model), and how long.", style: Theme.dim))
            lines.append(StyledLine(""))
            lines.append(StyledLine(""))
            lines.append(StyledLine(""))
            if let error { lines.append(StyledLine("✗ " + error, style: Theme.error)) }
            lines.append(StyledLine(context.pane.keyMap.phrases([.nextField: "next field", .confirm: "starts", .cancel: "closes"], in: .loadPanel),
                                    style: Theme.dim))
        case .running, .stopping:
            title = " Load test \(request) — \(stage == .finished ? "" : testIsStopping ? "stopping…" : "Esc stops") "
            lines.append(StyledLine(live.isEmpty ? "starting…" : live, style: .bold))
            lines.append(StyledLine([Span("req/s   ", style: Theme.dim), Span(sparkline(width: width - 12), style: Theme.variable)]))
            lines.append(StyledLine([Span("latency ", style: Theme.dim), Span(latencySparkline(width: width - 12), style: Theme.variable)]))
            lines += self.lines.map { StyledLine($0) }
        case .finished:
            title = " Load test \(request) — " + context.pane.keyMap.phrases([.copy: "copies", .cancel: "closes"], in: .loadPanel) + " "
            lines.append(StyledLine([Span("req/s   ", style: Theme.dim), Span(sparkline(width: width - 12), style: Theme.variable)]))
            lines.append(StyledLine([Span("latency ", style: Theme.dim), Span(latencySparkline(width: width - 12), style: Theme.variable)]))
            lines += self.lines.dropFirst(scroll).map { line in
                StyledLine(line, style: line.hasPrefix("✗") ? Theme.error : line.hasPrefix("✓") ? .plain : .plain)
            }
        }
        let screen = Rect(x: 0, y: 0, width: context.pane.screen.width, height: context.pane.screen.height)
        let area = Overlay.centered(width: width, height: max(3, min(context.pane.screen.height - 2, lines.count + 2)), in: screen)
        buffer.fill(area)
        let block = Block(title: StyledLine(title), isFocused: true)
        block.render(in: area, buffer: &buffer)
        let inner = block.inner(of: area)
        Paragraph(lines: lines).render(in: inner, buffer: &buffer)
        guard stage == .setup, inner.height >= 4 else { return }
        for (index, (label, field)) in [("Load:     ", load), ("Duration: ", duration)].enumerated() {
            let row = Rect(x: inner.x, y: inner.y + 2 + index, width: inner.width, height: 1)
            let used = buffer.write(label, at: Position(x: row.x, y: row.y), style: index == self.field ? .bold : Theme.dim, maxWidth: row.width)
            var shown = field
            shown.showsCursor = index == self.field
            shown.render(in: Rect(x: row.x + used, y: row.y, width: max(1, min(20, row.width - used)), height: 1), buffer: &buffer)
        }
    }

    private var testIsStopping: Bool { if case .stopping = stage { true } else { false } }
}
