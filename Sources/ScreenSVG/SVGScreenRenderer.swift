import ExplorerChecks

/// Draws a captured screen as an SVG picture: a dark rounded page, a `<rect>` for each run of cells with the same
/// background, box-drawing and block characters as paths, and a `<text>` for each run of text in one style.
///
/// Each character of a text run is placed at its own cell (`x` lists one position per character), so columns line up
/// in any monospace font, whatever its advance; borders and bars are shapes for the same reason.
struct SVGScreenRenderer {
    /// The colours of the terminal in the picture.
    var palette = TerminalPalette.dark
    /// The font size, in pixels.
    var fontSize = 14.0
    /// The width of a column: 0.6 em, the advance of the common monospace fonts.
    var cellWidth = 8.4
    /// The height of a row.
    var cellHeight = 18.0
    /// The margin around the screen.
    var padding = 14.0

    /// Fonts a viewer likely has, monospace before all.
    static let fontFamily = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace"

    /// The picture of `grid`, a complete SVG document.
    func render(_ grid: ScreenGrid) -> String {
        let width = padding * 2 + Double(grid.columns) * cellWidth
        let height = padding * 2 + Double(grid.rows.count) * cellHeight
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
                + "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" font-family=\"\(Self.fontFamily)\" "
                + "font-size=\"\(Self.number(fontSize))\" xml:space=\"preserve\" style=\"white-space: pre\">",
            "<rect width=\"100%\" height=\"100%\" rx=\"8\" fill=\"\(palette.background.hex)\"/>",
            "<g shape-rendering=\"crispEdges\">",
        ]
        for (row, cells) in grid.rows.enumerated() {
            lines += backgrounds(cells, row: row)
        }
        lines.append("</g>")
        lines += glyphs(grid)
        for (row, cells) in grid.rows.enumerated() {
            lines += texts(cells, row: row)
            lines += decorations(cells, row: row)
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Layers

    /// A rectangle for each run of cells whose background is not the page's.
    private func backgrounds(_ cells: [ScreenCell], row: Int) -> [String] {
        runs(of: cells) { cell in
            let background = palette.colors(of: cell.style).background
            return background == palette.background ? nil : background.hex
        }.map { run in
            "<rect x=\"\(x(run.start))\" y=\"\(topText(row))\" width=\"\(span(run.count))\" height=\"\(Self.number(cellHeight))\" fill=\"\(run.key)\"/>"
        }
    }

    /// One path per colour and weight for every box-drawing and block character on the screen.
    private func glyphs(_ grid: ScreenGrid) -> [String] {
        var order: [String] = []
        var paths: [String: String] = [:]
        for (row, cells) in grid.rows.enumerated() {
            for (column, cell) in cells.enumerated() where cell.width > 0 && !cell.style.hidden {
                guard let glyph = CellGlyph(cell.text) else { continue }
                let color = palette.colors(of: cell.style).foreground.hex
                let opacity = cell.style.dim ? " stroke-opacity=\"0.6\" fill-opacity=\"0.6\"" : ""
                for (attributes, data) in shapes(of: glyph, column: column, row: row, color: color) {
                    let key = attributes + opacity
                    if paths[key] == nil { order.append(key) }
                    paths[key, default: ""] += data
                }
            }
        }
        return order.map { key in "<path \(key) d=\"\(paths[key] ?? "")\"/>" }
    }

    /// A `<text>` for each run of characters in one style, blanks at its ends left out.
    private func texts(_ cells: [ScreenCell], row: Int) -> [String] {
        let baseline = Self.number(top(row) + (cellHeight - fontSize) / 2 + fontSize * 0.78)
        var elements: [String] = []
        var column = 0
        while column < cells.count {
            guard let key = textKey(cells[column]) else {
                column += 1
                continue
            }
            // A grapheme of more than one UTF-16 unit (an emoji, a base with a combining mark) would take more than one
            // of `x`'s positions in some viewers, so it is placed alone.
            let isAlone = cells[column].text.utf16.count != 1
            var end = column + cells[column].width
            var last = column
            while !isAlone, end < cells.count {
                let cell = cells[end]
                if cell.width == 0 {
                    end += 1
                } else if cell.text == " " {
                    // A blank draws nothing whatever its style; underlines are drawn apart.
                    end += 1
                } else if textKey(cell) == key, cell.text.utf16.count == 1 {
                    last = end
                    end += cell.width
                } else {
                    break
                }
            }
            let members = (column...last).filter { cells[$0].width > 0 }
            let text = members.map { cells[$0].text }.joined()
            let positions = members.map { x($0) }.joined(separator: " ")
            elements.append("<text x=\"\(positions)\" y=\"\(baseline)\"\(key)>\(RunReport.xml(text))</text>")
            column = last + cells[last].width
        }
        return elements
    }

    /// A line under each run of underlined cells and through each run of struck-through ones.
    private func decorations(_ cells: [ScreenCell], row: Int) -> [String] {
        let underlines = runs(of: cells) { cell in
            cell.style.underline && !cell.style.hidden ? palette.colors(of: cell.style).foreground.hex : nil
        }.map { run in
            "<rect x=\"\(x(run.start))\" y=\"\(Self.number(top(row) + cellHeight - 3))\" width=\"\(span(run.count))\" height=\"1\" fill=\"\(run.key)\"/>"
        }
        let strikes = runs(of: cells) { cell in
            cell.style.strikethrough && !cell.style.hidden ? palette.colors(of: cell.style).foreground.hex : nil
        }.map { run in
            "<rect x=\"\(x(run.start))\" y=\"\(Self.number(top(row) + cellHeight / 2))\" width=\"\(span(run.count))\" height=\"1\" fill=\"\(run.key)\"/>"
        }
        return underlines + strikes
    }

    // MARK: - Helpers

    /// The attributes a text run shares (a leading space, then `fill` and the rest), or nil for a cell with no text to
    /// draw: a blank, the right half of a wide character, hidden text, or a glyph drawn as shapes.
    private func textKey(_ cell: ScreenCell) -> String? {
        guard cell.width > 0, !cell.style.hidden, cell.text != " ", CellGlyph(cell.text) == nil else { return nil }
        var key = " fill=\"\(palette.colors(of: cell.style).foreground.hex)\""
        if cell.style.bold { key += " font-weight=\"bold\"" }
        if cell.style.italic { key += " font-style=\"italic\"" }
        if cell.style.dim { key += " fill-opacity=\"0.6\"" }
        return key
    }

    /// Runs of neighbouring cells for which `key` gives the same value; cells where it gives nil belong to none.
    private func runs(of cells: [ScreenCell], key: (ScreenCell) -> String?) -> [(start: Int, count: Int, key: String)] {
        var result: [(start: Int, count: Int, key: String)] = []
        for (column, cell) in cells.enumerated() {
            guard let value = key(cell) else { continue }
            if let last = result.last, last.key == value, last.start + last.count == column {
                result[result.count - 1].count += 1
            } else {
                result.append((column, 1, value))
            }
        }
        return result
    }

    /// The attributes and path data of `glyph` drawn in the cell at `column`, `row`.
    private func shapes(of glyph: CellGlyph, column: Int, row: Int, color: String) -> [(String, String)] {
        let left = padding + Double(column) * cellWidth
        let cellTop = top(row)
        switch glyph {
        case let .lines(up, right, down, leftArm):
            let middleX = left + cellWidth / 2
            let middleY = cellTop + cellHeight / 2
            var result: [(String, String)] = []
            for weight in [BoxLineWeight.light, .heavy] {
                var data = ""
                // Both halves of a straight line are one segment, so a dashed-looking join never shows.
                switch (leftArm == weight, right == weight) {
                case (true, true): data += "M\(Self.number(left)) \(Self.number(middleY))h\(Self.number(cellWidth))"
                case (true, false): data += "M\(Self.number(left)) \(Self.number(middleY))H\(Self.number(middleX))"
                case (false, true): data += "M\(Self.number(middleX)) \(Self.number(middleY))H\(Self.number(left + cellWidth))"
                case (false, false): break
                }
                switch (up == weight, down == weight) {
                case (true, true): data += "M\(Self.number(middleX)) \(Self.number(cellTop))v\(Self.number(cellHeight))"
                case (true, false): data += "M\(Self.number(middleX)) \(Self.number(cellTop))V\(Self.number(middleY))"
                case (false, true): data += "M\(Self.number(middleX)) \(Self.number(middleY))V\(Self.number(cellTop + cellHeight))"
                case (false, false): break
                }
                guard !data.isEmpty else { continue }
                let thickness = weight == .heavy ? "2.4" : "1.2"
                result.append(("fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(thickness)\" stroke-linecap=\"square\"", data))
            }
            return result
        case let .fill(rectangles, opacity):
            let data = rectangles.map { unit in
                "M\(Self.number(left + unit.x * cellWidth)) \(Self.number(cellTop + unit.y * cellHeight))"
                    + "h\(Self.number(unit.width * cellWidth))v\(Self.number(unit.height * cellHeight))h\(Self.number(-unit.width * cellWidth))z"
            }.joined()
            let shade = opacity < 1 ? " opacity=\"\(Self.number(opacity))\"" : ""
            return [("fill=\"\(color)\"\(shade)", data)]
        }
    }

    private func top(_ row: Int) -> Double {
        padding + Double(row) * cellHeight
    }

    private func topText(_ row: Int) -> String {
        Self.number(top(row))
    }

    private func x(_ column: Int) -> String {
        Self.number(padding + Double(column) * cellWidth)
    }

    private func span(_ columns: Int) -> String {
        Self.number(Double(columns) * cellWidth)
    }

    /// `value` with at most two decimals and no trailing zeros: short, and the same on every machine.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let magnitude = abs(hundredths)
        let sign = hundredths < 0 ? "-" : ""
        let fraction = magnitude % 100
        guard fraction != 0 else { return sign + String(magnitude / 100) }
        var decimals = fraction < 10 ? "0" + String(fraction) : String(fraction)
        if decimals.hasSuffix("0") { decimals.removeLast() }
        return sign + String(magnitude / 100) + "." + decimals
    }
}
