import ExplorerCore
import ExplorerWorkspace

/// The response body as screen rows, shared by the view that draws them and the keys that scroll them, so both agree
/// on how many rows a wrapped line takes and where the end is.
struct BodyRows {
    /// The body.
    let document: BodyDocument
    /// True when long lines wrap.
    let wrap: Bool
    /// True when JSON strings show printable `\u` escapes decoded.
    let decodesEscapes: Bool
    /// Columns for text, right of the line-number gutter.
    let textWidth: Int
    /// Columns of the line-number gutter (0 when numbers are off).
    let gutter: Int

    /// The rows for `document` seen through `view` in a pane `paneWidth` columns wide.
    init(_ document: BodyDocument, view: BodyViewState, paneWidth: Int) {
        self.document = document
        wrap = view.wrap
        decodesEscapes = view.decodesEscapes
        gutter = view.lineNumbers ? String(document.lineCount).count + 1 : 0
        textWidth = max(1, paneWidth - gutter)
    }

    /// A body line as styled text: its indentation, then its tokens coloured by kind and made safe for the terminal.
    /// With `decodingEscapes`, JSON strings show printable `\u` escapes as the characters they stand for.
    static func styled(_ line: BodyLine, decodingEscapes: Bool = false) -> StyledLine {
        var spans = [Span(String(repeating: " ", count: line.indent))]
        for token in line.tokens {
            var text = token.text
            if decodingEscapes, token.kind == .json(.string) || token.kind == .json(.key) { text = JSONEscapes.decodingPrintable(text) }
            spans.append(Span(TerminalSafeText.sanitize(text), style: Theme.token(token.kind)))
        }
        return StyledLine(spans)
    }

    /// The rows line `index` takes: one when not wrapping, else as many as word wrap makes (at least one).
    func rowCount(of index: Int) -> Int {
        guard wrap, let line = document.line(at: index) else { return 1 }
        return max(1, Paragraph(lines: [BodyRows.styled(line, decodingEscapes: decodesEscapes)], wrap: true).rows(width: textWidth).count)
    }

    /// The position (line, and row within it) that shows the last row of the body at the bottom of `page` rows.
    func end(page: Int) -> BodyPosition {
        let lastLine = max(0, document.lineCount - 1)
        guard wrap else { return BodyPosition(line: max(0, document.lineCount - page), row: 0) }
        var remaining = max(1, page)
        var line = lastLine
        while line >= 0 {
            let rows = rowCount(of: line)
            if rows >= remaining { return BodyPosition(line: line, row: rows - remaining) }
            remaining -= rows
            line -= 1
        }
        return BodyPosition(line: 0, row: 0)
    }

    /// `position` moved by `rows` screen rows (back when negative), kept between the top and `end(page:)`.
    func moved(_ position: BodyPosition, by rows: Int, page: Int) -> BodyPosition {
        let limit = end(page: page)
        guard wrap else {
            return BodyPosition(line: min(limit.line, max(0, position.line + rows)), row: 0)
        }
        var current = position
        var left = rows
        while left > 0, current < limit {
            // Whole lines at a time where possible: a 100-row line is not walked row by row.
            let rest = rowCount(of: current.line) - current.row
            if left >= rest {
                current = BodyPosition(line: current.line + 1, row: 0)
                left -= rest
            } else {
                current.row += left
                left = 0
            }
        }
        while left < 0, current > BodyPosition(line: 0, row: 0) {
            if current.row >= -left {
                current.row += left
                left = 0
            } else {
                left += current.row + 1
                current.line -= 1
                current.row = rowCount(of: current.line) - 1
            }
        }
        return min(current, limit)
    }
}
