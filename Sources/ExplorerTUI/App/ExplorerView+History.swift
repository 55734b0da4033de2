import ExplorerCore
import Foundation

extension ExplorerView {
    /// The mark on a response shown from history: `⟲ #12 sent 23:41:05 in local`, and how much of the body was kept.
    static func pastSpans(_ past: PastExchange, now: Date) -> [Span] {
        var text = "  ⟲ history #\(past.id) · sent \(MeasurementText.timestamp(past.sentAt, relativeTo: now))"
        if let environment = past.environment { text += " in \(TerminalSafeText.sanitize(environment))" }
        var spans = [Span(text, style: Theme.warning)]
        if let kept = past.keptBytes { spans.append(Span(" (first \(MeasurementText.byteCount(kept)) kept)", style: Theme.dim)) }
        return spans
    }

    /// The history overlay: the filters, one row per exchange (newest first) and the keys.
    static func history(_ panel: HistoryPanel, _ model: ExplorerModel, _ buffer: inout CellBuffer) {
        let screen = Rect(x: 0, y: 0, width: model.screen.width, height: model.screen.height)
        let area = Overlay.centered(width: max(1, model.screen.width - 2), height: max(5, model.screen.height - 2), in: screen)
        buffer.fill(area)
        let scope = panel.reference.map { TerminalSafeText.sanitize($0) } ?? "every request"
        let block = Block(title: StyledLine(" History · \(scope) "), isFocused: true)
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
            writeCut(StyledLine(spans), in: top, &buffer)
        }
        let listArea = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 3)
        // Only the rows on screen are laid out: a list of 1,000 formatted every frame took 120 ms.
        let offset = ScrollOffset.keepingVisible(selection: panel.selection, offset: 0, visibleCount: listArea.height, itemCount: panel.entries.count)
        let visible = panel.entries[offset..<min(panel.entries.count, offset + max(0, listArea.height))]
        let timeWidth = visible.contains { !Calendar.current.isDate($0.sentAt, inSameDayAs: model.now) } ? 19 : 8
        let heading = "   " + pad("#", 6) + pad("sent", timeWidth + 1) + pad("env", 9) + pad("method", 7) + pad("status", 7) + pad("time", 8)
            + pad("size", 9) + (panel.reference == nil ? "request · url" : "url")
        writeCut(StyledLine(heading, style: .bold), in: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1), &buffer)
        if panel.entries.isEmpty, panel.pending == nil {
            let empty = panel.query == HistoryPanel(reference: panel.reference).query ? "Nothing sent yet." : "No exchange matches these filters."
            writeCut(StyledLine(empty, style: Theme.dim), in: Rect(x: listArea.x, y: listArea.y, width: listArea.width, height: 1), &buffer)
        } else {
            let items = visible.map { historyRow($0, panel: panel, timeWidth: timeWidth, now: model.now) }
            let list = ListView(items: items, selectedIndex: visible.isEmpty ? nil : panel.selection - offset, highlightSymbol: "")
            list.render(in: listArea, buffer: &buffer)
        }
        let hints = model.keyMap.history.filter(\.isHint).map { "\($0.keys.map(\.label).joined(separator: "/")) \($0.help)" }
        writeCut(StyledLine(hints.joined(separator: " · ") + " · ? keys · Esc close", style: Theme.dim),
                 in: Rect(x: inner.x, y: inner.bottom - 1, width: inner.width, height: 1), &buffer)
    }

    private static func historyRow(_ entry: HistoryEntry, panel: HistoryPanel, timeWidth: Int, now: Date) -> StyledLine {
        let mark = entry.id == panel.marked ? "◆  " : "   "
        let status = entry.status.map(String.init) ?? "✗"
        let time = MeasurementText.timestamp(entry.sentAt, relativeTo: timeWidth == 8 ? now : nil)
        let target = TerminalSafeText.sanitize(panel.reference == nil ? (entry.reference.map { "\($0) · " } ?? "") + entry.url : entry.url)
        return StyledLine([
            Span(mark, style: Theme.warning),
            Span(pad("\(entry.id)", 6) + pad(time, timeWidth + 1) + pad(TerminalSafeText.sanitize(entry.environment ?? "-"), 9)),
            Span(pad(entry.method, 7), style: Theme.method(entry.method)),
            Span(pad(status, 7), style: entry.status.map(Theme.status) ?? Theme.error),
            Span(pad(entry.duration.map(MeasurementText.duration) ?? "-", 8) + pad(entry.size.map(MeasurementText.byteCount) ?? "-", 9) + target),
        ])
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        let cut = text.count > width - 1 ? String(text.prefix(max(0, width - 2))) + "…" : text
        return cut.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
