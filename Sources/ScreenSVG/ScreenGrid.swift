/// A captured screen: rows of exactly `columns` cells each.
struct ScreenGrid: Hashable, Sendable {
    /// The width of every row.
    let columns: Int
    /// The rows, top first.
    let rows: [[ScreenCell]]

    /// A grid of `lines` cut or padded with blank cells to `columns`; a wide character cut in half becomes a space.
    init(columns: Int, lines: [[ScreenCell]]) {
        self.columns = columns
        rows = lines.map { line in
            var row = Array(line.prefix(columns))
            if let last = row.last, last.width == 2 {
                row[row.count - 1] = .blank(last.style)
            }
            return row + Array(repeating: .blank(), count: columns - row.count)
        }
    }

    /// The text of row `index` (wide characters once), for tests and messages.
    func text(ofRow index: Int) -> String {
        rows[index].map(\.text).joined()
    }
}
