/// An in-memory grid of cells that widgets draw into; a backend copies it (or its diff) to the screen.
///
/// Drawing (`write`, `set`, `setStyle`) patches the new style onto the cell's existing one, so text
/// drawn over a highlighted row keeps the highlight background; `fill` resets cells outright.
/// Wide graphemes occupy a lead cell plus a continuation cell, and the buffer keeps that pairing
/// intact: a wide grapheme that would cross the right edge (or a `maxWidth` limit) is drawn as a
/// space, and overwriting either half of a wide grapheme turns the other half into a space.
public struct CellBuffer: Hashable, Sendable {
    /// Number of columns.
    public let width: Int
    /// Number of rows.
    public let height: Int
    /// Cells in row-major order.
    public private(set) var cells: [Cell]

    /// Creates a buffer of blank cells; negative sizes become zero.
    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank(style: style), count: self.width * self.height)
    }

    /// The whole buffer as a rect.
    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at (`x`, `y`), or nil outside the buffer.
    public func cell(x: Int, y: Int) -> Cell? {
        guard let index = index(x: x, y: y) else { return nil }
        return cells[index]
    }

    /// Draws one grapheme at (`x`, `y`) and returns the columns it used (controls expand to their escape).
    @discardableResult
    public mutating func set(x: Int, y: Int, character: Character, style: Style = .plain) -> Int {
        write(String(character), at: Position(x: x, y: y), style: style)
    }

    /// Draws `string` from `position` rightwards without wrapping and returns the columns used.
    ///
    /// Drawing stops at the buffer edge or after `maxWidth` columns. Zero-width graphemes that are not
    /// attached to a base character (a lone combining mark, a lone ZWSP) are dropped, because a cell
    /// must hold something visible.
    @discardableResult
    public mutating func write(_ string: String, at position: Position, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard position.y >= 0, position.y < height else { return 0 }
        let limit = maxWidth.map { min(width, position.x + $0) } ?? width
        var column = position.x
        outer: for character in string {
            for (symbol, symbolWidth) in Self.units(of: character) {
                if column + symbolWidth > limit {
                    if column < limit {
                        // Half a wide grapheme would fit: pad instead of drawing a broken glyph.
                        place(symbol: " ", width: 1, x: column, y: position.y, style: style)
                        column += 1
                    }
                    break outer
                }
                if column < 0 {
                    if column + symbolWidth > 0 {
                        place(symbol: " ", width: 1, x: 0, y: position.y, style: style)
                    }
                } else {
                    place(symbol: symbol, width: symbolWidth, x: column, y: position.y, style: style)
                }
                column += symbolWidth
            }
        }
        return max(0, column - position.x)
    }

    /// Draws a styled line from `position` and returns the columns used; `style` lies under the line's own.
    @discardableResult
    public mutating func write(_ line: StyledLine, at position: Position, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        let budget = maxWidth ?? max(0, width - position.x)
        var used = 0
        let base = style.patched(with: line.style)
        for span in line.spans where used < budget {
            used += write(
                span.text,
                at: Position(x: position.x + used, y: position.y),
                style: base.patched(with: span.style),
                maxWidth: budget - used
            )
        }
        return used
    }

    /// Draws `line` in at most `width` columns; a line wider than that ends in `…` (in `markStyle`, else `style`), so a
    /// cut never passes for the whole text. Returns the columns used.
    @discardableResult
    public mutating func write(_ line: StyledLine, at position: Position, style: Style = .plain, markingCutWithin width: Int,
                               markStyle: Style? = nil) -> Int {
        guard line.width > width, width > 1 else { return write(line, at: position, style: style, maxWidth: width) }
        let written = write(line, at: position, style: style, maxWidth: width - 1)
        return written + write("…", at: Position(x: position.x + written, y: position.y), style: markStyle ?? style, maxWidth: width - written)
    }

    /// Resets every cell in `rect` to a space in exactly `style`, clearing wide graphemes it cuts through.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let area = rect.clamped(to: self.area)
        for y in area.y..<area.bottom {
            for x in area.x..<area.right {
                detach(x: x, y: y)
                if let index = index(x: x, y: y) {
                    cells[index] = .blank(style: style)
                }
            }
        }
    }

    /// Patches `style` onto every cell in `rect` without touching the text.
    public mutating func setStyle(_ rect: Rect, style: Style) {
        let area = rect.clamped(to: self.area)
        for y in area.y..<area.bottom {
            for x in area.x..<area.right {
                if let index = index(x: x, y: y) {
                    cells[index].style.patch(style)
                }
            }
        }
    }

    /// Each row as plain text; trailing spaces are kept so every line is exactly `width` columns wide.
    public var lines: [String] {
        (0..<height).map { y in
            let row = cells[(y * width)..<((y + 1) * width)]
            return row.filter { !$0.isContinuation }.map(\.symbol).joined()
        }
    }

    /// The cells that differ from `previous`; every cell when the sizes differ (after a resize).
    ///
    /// Continuation cells are never listed: drawing a wide lead cell covers them, and any change to a
    /// continuation cell implies a change to its lead or to the cell that replaced it.
    public func diff(from previous: CellBuffer) -> [CellChange] {
        let sameSize = previous.width == width && previous.height == height
        var changes: [CellChange] = []
        for (index, cell) in cells.enumerated() where !cell.isContinuation {
            if sameSize, previous.cells[index] == cell { continue }
            changes.append(CellChange(x: index % width, y: index / width, cell: cell))
        }
        return changes
    }

    private func index(x: Int, y: Int) -> Int? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return y * width + x
    }

    /// What a grapheme turns into on screen: itself, its escape characters, or nothing.
    private static func units(of character: Character) -> [(String, Int)] {
        if DisplayWidth.isControl(character) {
            return DisplayWidth.visibleText(for: character).map { (String($0), 1) }
        }
        let width = DisplayWidth.width(of: character)
        return width == 0 ? [] : [(String(character), width)]
    }

    private mutating func place(symbol: String, width symbolWidth: Int, x: Int, y: Int, style: Style) {
        guard let index = index(x: x, y: y) else { return }
        if symbolWidth == 2, x + 1 >= width {
            place(symbol: " ", width: 1, x: x, y: y, style: style)
            return
        }
        detach(x: x, y: y)
        if symbolWidth == 2 { detach(x: x + 1, y: y) }
        let newStyle = cells[index].style.patched(with: style)
        cells[index] = Cell(symbol: symbol, width: symbolWidth, style: newStyle)
        if symbolWidth == 2 {
            cells[index + 1] = .continuation(style: newStyle)
        }
    }

    /// Breaks up any wide grapheme that the cell at (`x`, `y`) is half of, so the other half becomes a space.
    private mutating func detach(x: Int, y: Int) {
        guard let index = index(x: x, y: y) else { return }
        if cells[index].isContinuation, x > 0 {
            cells[index - 1] = .blank(style: cells[index - 1].style)
            cells[index] = .blank(style: cells[index].style)
        }
        if cells[index].width == 2, x + 1 < width {
            cells[index + 1] = .blank(style: cells[index + 1].style)
            cells[index] = .blank(style: cells[index].style)
        }
    }
}
