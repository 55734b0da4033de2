import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Drawing the event list: the rows that fit (the selected one reversed, search matches marked), a `↓ 12 new` marker
/// while the user is away from the newest, or the opened item whole with its data pretty-printed.
extension EventList {
    /// Draws the list, or the opened item, into `area`; `total` counts every item that arrived.
    func render(_ items: [EventItem], total: Int, in area: Rect, _ buffer: inout CellBuffer) {
        guard area.height > 0, area.width > 0 else { return }
        if isOpen, let item = current(items) {
            renderOpened(item, in: area, &buffer)
            return
        }
        let (rows, selectedSequence) = window(items, height: area.height)
        if rows.isEmpty {
            let text = isFiltered ? "No event's data has a value for \(filterText)." : "No events yet."
            ExplorerView.writeCut(StyledLine(text, style: Theme.dim), in: Rect(x: area.x, y: area.y, width: area.width, height: 1), &buffer)
        }
        for (row, item) in rows.enumerated() {
            let line = Rect(x: area.x, y: area.y + row, width: area.width, height: 1)
            ExplorerView.writeCut(item.line(value: isFiltered ? filterValue(item) : nil), in: line, &buffer)
            if matches(item) { ResponseView.highlight(query, rows: line, &buffer) }
            if item.sequence == selectedSequence { buffer.setStyle(line, style: Theme.selected) }
        }
        if selected != nil, total > seenCount {
            let marker = " ↓ \(total - seenCount) new · G follows "
            let width = DisplayWidth.width(of: marker)
            _ = buffer.write(marker, at: Position(x: max(area.x, area.right - width), y: area.bottom - 1), style: Theme.barKey, maxWidth: area.width)
        }
    }

    /// The opened item: its title, time and place, then its data (JSON pretty-printed and coloured), scrolled.
    private func renderOpened(_ item: EventItem, in area: Rect, _ buffer: inout CellBuffer) {
        let heading = StyledLine([Span("#\(item.sequence + 1) · \(item.title) · +\(String(format: "%.3f", item.time)) s", style: .bold),
                                  Span("   Enter or Esc: back to the list · j/k scroll", style: Theme.dim)])
        ExplorerView.writeCut(heading, in: Rect(x: area.x, y: area.y, width: area.width, height: 1), &buffer)
        guard area.height > 1 else { return }
        Paragraph(lines: EventList.dataLines(item), wrap: true, scroll: detailScroll)
            .render(in: Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1), buffer: &buffer)
    }

    /// An item's data as screen lines: JSON pretty-printed with its colours, other text as it is.
    static func dataLines(_ item: EventItem) -> [StyledLine] {
        let data = Data(item.data.utf8)
        guard !item.isNote, (try? JSONFormatter.prettyPrinted(data)) != nil else {
            return item.data.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(TerminalSafeText.sanitize(String($0))) }
        }
        let document = BodyDocument(data, contentType: "application/json")
        return document.lines(in: 0..<document.lineCount).map { BodyRows.styled($0, decodingEscapes: true) }
    }
}
