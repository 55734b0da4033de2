/// Rows of cells under a header row, with one optional selected row kept in view.
public struct Table: Widget, Hashable {
    /// The columns, left to right.
    public var columns: [TableColumn]
    /// Body rows; each row's cells line up with `columns` (extra cells are ignored, missing ones blank).
    public var rows: [[StyledLine]]
    /// Index of the selected body row, if any.
    public var selectedIndex: Int?
    /// Index of the first body row shown; corrected on render to keep the selection visible.
    public var offset: Int
    /// Style of the header row.
    public var headerStyle: Style
    /// Style patched over the whole selected row.
    public var highlightStyle: Style
    /// Blank columns between adjacent columns.
    public var columnSpacing: Int

    /// Creates a table.
    public init(
        columns: [TableColumn],
        rows: [[StyledLine]],
        selectedIndex: Int? = nil,
        offset: Int = 0,
        headerStyle: Style = Style(attributes: [.bold, .underline]),
        highlightStyle: Style = ThemePalette.current.selection,
        columnSpacing: Int = 1
    ) {
        self.columns = columns
        self.rows = rows
        self.selectedIndex = selectedIndex
        self.offset = offset
        self.headerStyle = headerStyle
        self.highlightStyle = highlightStyle
        self.columnSpacing = columnSpacing
    }

    /// The body offset `render` will use when `height` rows (header included) are available.
    public func visibleOffset(height: Int) -> Int {
        ScrollOffset.keepingVisible(selection: selectedIndex, offset: offset, visibleCount: height - 1, itemCount: rows.count)
    }

    /// Stores the corrected offset so the next frame scrolls from where this one ended.
    public mutating func scrollToSelection(height: Int) {
        offset = visibleOffset(height: height)
    }

    /// Draws the header on the first row and as many body rows as fit below it.
    public func render(in rect: Rect, buffer: inout CellBuffer) {
        guard !rect.isEmpty else { return }
        let widths = Layout.sizes(for: columns.map(\.width), total: rect.width, spacing: columnSpacing)
        drawRow(columns.map { StyledLine($0.title) }, widths: widths, y: rect.y, x: rect.x, style: headerStyle, buffer: &buffer)
        let first = visibleOffset(height: rect.height)
        for line in 0..<max(0, rect.height - 1) {
            let index = first + line
            guard index < rows.count else { break }
            let isSelected = index == selectedIndex
            if isSelected {
                buffer.setStyle(rect.row(line + 1), style: highlightStyle)
            }
            drawRow(rows[index], widths: widths, y: rect.y + 1 + line, x: rect.x, style: isSelected ? highlightStyle : .plain, buffer: &buffer)
        }
    }

    /// Where the cell of body row `row` and `column` lands when the table is drawn in `rect`, or nil when that row
    /// is scrolled out of view (an editor drawn there edits the row in place).
    public func cellRect(row: Int, column: Int, in rect: Rect) -> Rect? {
        let widths = Layout.sizes(for: columns.map(\.width), total: rect.width, spacing: columnSpacing)
        let line = row - visibleOffset(height: rect.height)
        guard widths.indices.contains(column), line >= 0, line < rect.height - 1 else { return nil }
        let x = rect.x + widths[..<column].reduce(0) { $0 + $1 + columnSpacing }
        return Rect(x: x, y: rect.y + 1 + line, width: widths[column], height: 1)
    }

    private func drawRow(_ cells: [StyledLine], widths: [Int], y: Int, x: Int, style: Style, buffer: inout CellBuffer) {
        var column = x
        for (index, width) in widths.enumerated() {
            if index < cells.count, width > 0 {
                // A cut cell ends in `…`, so a value is never silently shortened.
                buffer.write(cells[index], at: Position(x: column, y: y), style: style, markingCutWithin: width, markStyle: style.patched(with: .dim))
            }
            column += width + columnSpacing
        }
    }
}
