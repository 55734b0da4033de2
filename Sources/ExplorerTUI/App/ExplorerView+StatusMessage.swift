/// A status message too long for the bottom bar.
extension ExplorerView {
    /// What ends a message cut after two rows: `!` lists it in full.
    static let moreInLog = " … ! shows all"

    /// Draws `message` wrapped over the bottom bar and the row above it (the panes' bottom borders, drawn again at the
    /// next frame) when it is wider than the bar; a message longer still ends in `… ! shows all`. False, drawing
    /// nothing, when it fits the bar (or there is no row above).
    static func wrappedStatus(_ message: String, bar: Rect, _ buffer: inout CellBuffer) -> Bool {
        guard bar.y > 0, bar.width > moreInLog.count, DisplayWidth.width(of: message) > bar.width else { return false }
        let rows = Paragraph(lines: [StyledLine(message)], wrap: true).rows(width: bar.width)
        let top = Rect(x: bar.x, y: bar.y - 1, width: bar.width, height: 1)
        buffer.fill(top)
        buffer.fill(bar)
        for (index, row) in rows.prefix(2).enumerated() {
            var characters = row.map(\.character)
            if index == 1, rows.count > 2 {
                // Cut where the note fits, so the end of the message is never silently gone.
                let room = bar.width - DisplayWidth.width(of: moreInLog)
                var width = 0
                characters = Array(characters.prefix { width += DisplayWidth.width(of: $0); return width <= room })
            }
            let y = index == 0 ? top.y : bar.y
            let written = buffer.write(String(characters), at: Position(x: bar.x, y: y), style: .bold, maxWidth: bar.width)
            if index == 1, rows.count > 2 {
                _ = buffer.write(moreInLog, at: Position(x: bar.x + written, y: y), style: Theme.dim, maxWidth: bar.width - written)
            }
        }
        return true
    }
}
