/// Multi-line styled text, clipped to its rect or word-wrapped, with vertical scrolling.
public struct Paragraph: Widget, Hashable {
    /// The source lines (hard line breaks).
    public var lines: [StyledLine]
    /// Whether long lines continue on the next row instead of being clipped.
    public var wrap: Bool
    /// Rows (after wrapping) skipped at the top.
    public var scroll: Int
    /// Style under every line.
    public var style: Style

    /// Creates a paragraph from lines.
    public init(lines: [StyledLine], wrap: Bool = false, scroll: Int = 0, style: Style = .plain) {
        self.lines = lines
        self.wrap = wrap
        self.scroll = scroll
        self.style = style
    }

    /// Creates an unstyled paragraph from text, splitting it at line breaks.
    public init(text: String, wrap: Bool = false, scroll: Int = 0, style: Style = .plain) {
        let split = text.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0)) }
        self.init(lines: split, wrap: wrap, scroll: scroll, style: style)
    }

    /// The rows that would be drawn at `width` columns, before scrolling; lets callers size scrollbars.
    public func rows(width: Int) -> [[(character: Character, style: Style)]] {
        let source = lines.map(\.styledCharacters)
        guard wrap, width > 0 else { return source }
        return source.flatMap { Paragraph.wrap($0, width: width) }
    }

    /// Draws the rows that fall in `rect` after skipping `scroll` rows.
    public func render(in rect: Rect, buffer: inout CellBuffer) {
        guard !rect.isEmpty else { return }
        let visible = rows(width: rect.width).dropFirst(max(0, scroll)).prefix(rect.height)
        for (row, characters) in visible.enumerated() {
            var x = rect.x
            // Unwrapped, a row wider than the rect ends in `…` at the edge rather than being cut silently.
            let isCut = !wrap && characters.reduce(0) { $0 + DisplayWidth.width(of: $1.character) } > rect.width
            let right = isCut ? rect.right - 1 : rect.right
            defer { if isCut { buffer.write("…", at: Position(x: x, y: rect.y + row), style: style.patched(with: .dim), maxWidth: 1) } }
            for (character, characterStyle) in characters {
                guard x < right, x + DisplayWidth.width(of: character) <= right else { break }
                x += buffer.write(
                    String(character),
                    at: Position(x: x, y: rect.y + row),
                    style: style.patched(with: characterStyle),
                    maxWidth: right - x
                )
            }
        }
    }

    /// Greedy word wrap: break after the last space that fits, or mid-word when a word is longer than a row.
    private static func wrap(_ characters: [(character: Character, style: Style)], width: Int) -> [[(character: Character, style: Style)]] {
        var rows: [[(character: Character, style: Style)]] = []
        var current: [(character: Character, style: Style)] = []
        var currentWidth = 0
        var lastSpace: Int?
        for item in characters {
            let itemWidth = DisplayWidth.width(of: item.character)
            if currentWidth + itemWidth > width, !current.isEmpty {
                if let space = lastSpace, item.character != " " {
                    rows.append(Array(current[..<space]))
                    current = Array(current[(space + 1)...])
                } else {
                    rows.append(current)
                    current = []
                }
                currentWidth = current.reduce(0) { $0 + DisplayWidth.width(of: $1.character) }
                lastSpace = nil
                // A space that caused the break would otherwise indent the next row.
                if item.character == " " { continue }
            }
            current.append(item)
            currentWidth += itemWidth
            if item.character == " " { lastSpace = current.count - 1 }
        }
        rows.append(current)
        return rows
    }
}
