/// A one-row tab bar; the selected title is highlighted.
public struct Tabs: Widget, Hashable {
    /// Tab titles in order.
    public var titles: [StyledLine]
    /// Index of the active tab.
    public var selectedIndex: Int
    /// Style of inactive titles and dividers.
    public var style: Style
    /// Style patched onto the active title.
    public var highlightStyle: Style
    /// Drawn between titles.
    public var divider: String

    /// Creates a tab bar.
    public init(
        titles: [StyledLine],
        selectedIndex: Int = 0,
        style: Style = .plain,
        highlightStyle: Style = ThemePalette.current.tabSelected,
        divider: String = "│"
    ) {
        self.titles = titles
        self.selectedIndex = selectedIndex
        self.style = style
        self.highlightStyle = highlightStyle
        self.divider = divider
    }

    /// Draws ` A │ B │ C` on the first row of `rect`; when that does not fit, `A│B│C`, and past that clips the titles.
    public func render(in rect: Rect, buffer: inout CellBuffer) {
        guard !rect.isEmpty else { return }
        let padding = padding(width: rect.width)
        var x = rect.x
        for (index, title) in titles.enumerated() {
            guard x < rect.right else { break }
            if index > 0 {
                x += buffer.write(divider, at: Position(x: x, y: rect.y), style: style, maxWidth: rect.right - x)
            }
            var padded = title
            if padding > 0 {
                padded.spans.insert(" ", at: 0)
                padded.spans.append(" ")
            }
            let titleStyle = index == selectedIndex ? style.patched(with: highlightStyle) : style
            x += buffer.write(padded, at: Position(x: x, y: rect.y), style: titleStyle, maxWidth: rect.right - x)
        }
    }

    /// The spaces on each side of a title in a bar `width` columns wide: one, or none when the padded bar does not fit.
    private func padding(width: Int) -> Int {
        let titles = self.titles.reduce(0) { $0 + $1.width }
        let dividers = max(0, self.titles.count - 1) * DisplayWidth.width(of: divider)
        return titles + dividers + 2 * self.titles.count <= width ? 1 : 0
    }

    /// The tab drawn at `column` columns from the left edge of a bar `width` columns wide, or nil for a divider or the
    /// space after the last tab.
    public func index(atColumn column: Int, width: Int = .max) -> Int? {
        let padding = padding(width: width)
        var x = 0
        for (index, title) in titles.enumerated() {
            if index > 0 { x += DisplayWidth.width(of: divider) }
            let width = title.width + 2 * padding
            if column >= x, column < x + width { return index }
            x += width
        }
        return nil
    }
}
