import ExplorerCore
import ExplorerWorkspace
import Foundation

extension HistoryPanel {
    /// The history overlay: the filters, one row per exchange (newest first) and the keys.
    func render(into buffer: inout CellBuffer, context: OverlayContext) {
        let panel = self
        let screen = Rect(x: 0, y: 0, width: context.pane.screen.width, height: context.pane.screen.height)
        let area = Overlay.centered(width: max(1, context.pane.screen.width - 2), height: max(5, context.pane.screen.height - 2), in: screen)
        buffer.fill(area)
        let scope = panel.reference.map { TerminalSafeText.sanitize($0) } ?? "every request"
        let block = Block(title: StyledLine(panel.isCapture ? " Capture · apiexplorer proxy (live) " : " History · \(scope) "), isFocused: true)
        block.render(in: area, buffer: &buffer)
        let inner = block.inner(of: area)
        guard inner.height >= 3 else { return }
        let top = Rect(x: inner.x, y: inner.y, width: inner.width, height: 1)
        if let field = panel.filterField {
            field.render(in: top, buffer: &buffer)
        } else {
            let count = panel.pending != nil ? "reading…" : "\(panel.entries.count)\(panel.entries.count == HistoryPanel.rowLimit ? "+" : "") shown"
            let spans = [Span("filter: ", style: Theme.dim), Span(panel.text.isEmpty ? "none" : TerminalSafeText.sanitize(panel.text)),
                         Span("  status: ", style: Theme.dim), Span(panel.status.label),
                         Span("  env: ", style: Theme.dim), Span(panel.environment.map { TerminalSafeText.sanitize($0) } ?? "all"),
                         Span("  " + count, style: Theme.dim)]
            ExplorerView.writeCut(StyledLine(spans), in: top, &buffer)
        }
        let listArea = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 3)
        // Only the rows on screen are laid out: a list of 1,000 formatted every frame took 120 ms.
        let offset = ScrollOffset.keepingVisible(selection: panel.selection, offset: 0, visibleCount: listArea.height, itemCount: panel.entries.count)
        let visible = panel.entries[offset..<min(panel.entries.count, offset + max(0, listArea.height))]
        let timeWidth = visible.contains { !Calendar.current.isDate($0.sentAt, inSameDayAs: context.pane.now) } ? 19 : 8
        let heading = "   " + HistoryPanel.pad("#", 6) + HistoryPanel.pad("sent", timeWidth + 1) + HistoryPanel.pad("env", 9) + HistoryPanel.pad("method", 7) + HistoryPanel.pad("status", 7) + HistoryPanel.pad("time", 8)
            + HistoryPanel.pad("size", 9) + (panel.reference == nil ? "request · url" : "url")
        ExplorerView.writeCut(StyledLine(heading, style: .bold), in: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1), &buffer)
        if panel.entries.isEmpty, panel.pending == nil {
            let unfiltered = panel.query == HistoryPanel(reference: panel.reference, source: panel.source).query
            let empty = !unfiltered ? "No exchange matches these filters."
                : panel.isCapture ? "Nothing captured yet: run apiexplorer proxy and send traffic through it (HTTP_PROXY=http://127.0.0.1:8888)."
                : "Nothing sent yet."
            ExplorerView.writeCut(StyledLine(empty, style: Theme.dim), in: Rect(x: listArea.x, y: listArea.y, width: listArea.width, height: 1), &buffer)
        } else {
            let items = visible.map { HistoryPanel.historyRow($0, panel: panel, timeWidth: timeWidth, now: context.pane.now) }
            let list = ListView(items: items, selectedIndex: visible.isEmpty ? nil : panel.selection - offset, highlightSymbol: "")
            list.render(in: listArea, buffer: &buffer)
        }
        let bindings = panel.isCapture ? context.pane.keyMap.modes[.captureList] ?? [] : context.pane.keyMap.history
        let hints = bindings.filter(\.isHint).map { "\($0.keys.map(\.label).joined(separator: "/")) \($0.help)" }
        ExplorerView.writeCut(StyledLine(hints.joined(separator: " · ") + " · ? keys · Esc close", style: Theme.dim),
                 in: Rect(x: inner.x, y: inner.bottom - 1, width: inner.width, height: 1), &buffer)
    }

    private static func historyRow(_ entry: HistoryEntry, panel: HistoryPanel, timeWidth: Int, now: Date) -> StyledLine {
        let mark = entry.id == panel.marked ? "◆  " : "   "
        // A load run has no status of its own.
        let status = entry.method == HistoryExchange.loadRunMethod ? "-" : entry.status.map(String.init) ?? "✗"
        let time = MeasurementText.timestamp(entry.sentAt, relativeTo: timeWidth == 8 ? now : nil)
        let target = TerminalSafeText.sanitize(panel.reference == nil ? (entry.reference.map { "\($0) · " } ?? "") + entry.url : entry.url)
        return StyledLine([
            Span(mark, style: Theme.warning),
            Span(HistoryPanel.pad("\(entry.id)", 6) + HistoryPanel.pad(time, timeWidth + 1) + HistoryPanel.pad(TerminalSafeText.sanitize(entry.environment ?? "-"), 9)),
            Span(HistoryPanel.pad(entry.method, 7), style: Theme.method(entry.method)),
            Span(HistoryPanel.pad(status, 7), style: status == "-" ? Theme.dim : entry.status.map(Theme.status) ?? Theme.error),
            Span(HistoryPanel.pad(entry.duration.map(MeasurementText.duration) ?? "-", 8) + HistoryPanel.pad(entry.size.map(MeasurementText.byteCount) ?? "-", 9) + target),
        ])
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        let cut = text.count > width - 1 ? String(text.prefix(max(0, width - 2))) + "…" : text
        return cut.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
