/// A status message too long for the bottom bar.
extension ExplorerView {
    /// What ends a message cut after two rows: `!` lists it in full.
    static let moreInLog = " … ! shows all"

    /// Draws `message` over the bottom bar and the row above it (the panes' bottom borders, drawn again at the next
    /// frame) when it is wider than the bar; a message longer still ends in `… ! shows all`. False, drawing nothing,
    /// when it fits the bar (or there is no row above). A row breaks at its last space when that is in its second
    /// half, so words stay whole; else at the edge, as a terminal wraps, so a long path is not pushed off the rows.
    static func wrappedStatus(_ message: String, bar: Rect, _ buffer: inout CellBuffer) -> Bool {
        guard bar.y > 0, bar.width > moreInLog.count, DisplayWidth.width(of: message) > bar.width else { return false }
        let top = Rect(x: bar.x, y: bar.y - 1, width: bar.width, height: 1)
        buffer.fill(top)
        buffer.fill(bar)
        var rest = Substring(message)
        for (index, row) in [top, bar].enumerated() {
            // The second row leaves room for the note when the message goes on past it.
            let cut = index == 1 && DisplayWidth.width(of: String(rest)) > row.width
            let room = cut ? row.width - DisplayWidth.width(of: moreInLog) : row.width
            var width = 0
            var shown = rest.prefix { width += DisplayWidth.width(of: $0); return width <= room }
            if !cut, shown.count < rest.count, rest[rest.index(rest.startIndex, offsetBy: shown.count)] != " ",
               let space = shown.lastIndex(of: " "), DisplayWidth.width(of: String(shown[..<space])) >= room / 2 {
                shown = shown[...space]
            }
            rest = rest.dropFirst(shown.count)
            if index == 0 { rest = rest.drop { $0 == " " } }
            let written = buffer.write(String(shown), at: Position(x: row.x, y: row.y), style: .bold, maxWidth: row.width)
            if cut { _ = buffer.write(moreInLog, at: Position(x: row.x + written, y: row.y), style: Theme.dim, maxWidth: row.width - written) }
        }
        return true
    }
}
