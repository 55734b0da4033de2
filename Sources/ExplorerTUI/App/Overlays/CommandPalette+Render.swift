import ExplorerCore

/// Drawing the palette: the query, then the rows (kind, text with the matched letters marked, note on the right).
extension CommandPalette {
    /// Rows of the list on a screen `screenHeight` high.
    static func listHeight(screenHeight: Int) -> Int { max(1, min(screenHeight - 2, 22) - 5) }

    /// Draws the palette over the panes.
    func render(into buffer: inout CellBuffer, context: OverlayContext) {
        let screen = context.pane.screen
        let rows = CommandPalette.listHeight(screenHeight: screen.height)
        let area = Overlay.centered(width: max(20, min(screen.width - 4, 100)), height: rows + 5,
                                    in: Rect(x: 0, y: 0, width: screen.width, height: screen.height))
        buffer.fill(area)
        let block = Block(title: StyledLine(" Command palette · \(shown.count) of \(items.count)\(pending == nil ? "" : " · reading history…") "),
                          isFocused: true)
        block.render(in: area, buffer: &buffer)
        let inner = block.inner(of: area)
        guard inner.height > 2, inner.width > 4 else { return }
        _ = buffer.write("› ", at: Position(x: inner.x, y: inner.y), style: .bold)
        var field = self.field
        field.scrollToCursor(width: inner.width - 2)
        field.render(in: Rect(x: inner.x + 2, y: inner.y, width: inner.width - 2, height: 1), buffer: &buffer)
        let offset = ScrollOffset.keepingVisible(selection: selection, offset: 0, visibleCount: rows, itemCount: shown.count)
        for (line, index) in shown.dropFirst(offset).prefix(rows).enumerated() {
            row(index, selected: offset + line == selection, at: Position(x: inner.x, y: inner.y + 1 + line), width: inner.width, into: &buffer)
        }
        if shown.isEmpty {
            _ = buffer.write("nothing matches", at: Position(x: inner.x + 2, y: inner.y + 1), style: Theme.dim, maxWidth: inner.width - 2)
        }
        _ = buffer.write("Enter runs or jumps · ↑↓ choose · Esc closes", at: Position(x: inner.x, y: inner.y + inner.height - 1),
                         style: Theme.dim, maxWidth: inner.width)
    }

    /// One row: the kind, the text with its matched letters highlighted, the note right-aligned.
    private func row(_ index: Int, selected: Bool, at position: Position, width: Int, into buffer: inout CellBuffer) {
        let item = items[index]
        let base = selected ? Theme.selected : Style.plain
        if selected { buffer.fill(Rect(x: position.x, y: position.y, width: width, height: 1), style: base) }
        let kind = item.target.kind.padding(toLength: 8, withPad: " ", startingAt: 0)
        _ = buffer.write(kind, at: position, style: base.patched(with: Theme.dim))
        let noteWidth = item.note.isEmpty ? 0 : min(DisplayWidth.width(of: item.note) + 1, max(0, width - 20))
        let textWidth = max(0, width - 8 - noteWidth)
        let line = CommandPalette.highlighted(item.text, match(ofItem: index), base: base)
        _ = buffer.write(line, at: Position(x: position.x + 8, y: position.y), markingCutWithin: textWidth)
        if noteWidth > 0 {
            _ = buffer.write(item.note, at: Position(x: position.x + width - noteWidth + 1, y: position.y),
                             style: base.patched(with: Theme.dim), maxWidth: noteWidth - 1)
        }
    }

    /// `text` in spans, the matched characters in the match style.
    static func highlighted(_ text: String, _ match: FuzzyMatch?, base: Style) -> StyledLine {
        let characters = Array(text)
        var spans: [Span] = []
        var start = 0
        for range in match?.ranges ?? [] where range.upperBound <= characters.count {
            if range.lowerBound > start { spans.append(Span(String(characters[start..<range.lowerBound]), style: base)) }
            spans.append(Span(String(characters[range]), style: Theme.match))
            start = range.upperBound
        }
        if start < characters.count { spans.append(Span(String(characters[start...]), style: base)) }
        return StyledLine(spans)
    }
}
