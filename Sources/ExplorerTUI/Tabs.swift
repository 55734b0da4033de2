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

    /// Draws ` A │ B │ C` on the first row of `rect`, clipping titles that do not fit.
    public func render(in rect: Rect, buffer: inout CellBuffer) {
        guard !rect.isEmpty else { return }
        var x = rect.x
        for (index, title) in titles.enumerated() {
            guard x < rect.right else { break }
            if index > 0 {
                x += buffer.write(divider, at: Position(x: x, y: rect.y), style: style, maxWidth: rect.right - x)
            }
            var padded = title
            padded.spans.insert(" ", at: 0)
            padded.spans.append(" ")
            let titleStyle = index == selectedIndex ? style.patched(with: highlightStyle) : style
            x += buffer.write(padded, at: Position(x: x, y: rect.y), style: titleStyle, maxWidth: rect.right - x)
        }
    }

    /// The tab drawn at `column` columns from the left edge, or nil for a divider or the space after the last tab.
    public func index(atColumn column: Int) -> Int? {
        var x = 0
        for (index, title) in titles.enumerated() {
            if index > 0 { x += DisplayWidth.width(of: divider) }
            let width = title.width + 2
            if column >= x, column < x + width { return index }
            x += width
        }
        return nil
    }
}
