/// A vertical list of styled lines with one optional selected item that is always scrolled into view.
public struct ListView: Widget, Hashable {
    /// The items, one row each; longer items are clipped and end in `…`.
    public var items: [StyledLine]
    /// Index of the selected item, if any.
    public var selectedIndex: Int?
    /// Index of the first item shown; `render` corrects it when the selection would be off screen.
    public var offset: Int
    /// Style patched over the whole selected row.
    public var highlightStyle: Style
    /// Drawn before the selected item; other items get the same width of blanks so text lines up.
    public var highlightSymbol: String

    /// Creates a list.
    public init(
        items: [StyledLine],
        selectedIndex: Int? = nil,
        offset: Int = 0,
        highlightStyle: Style = ThemePalette.current.selection,
        highlightSymbol: String = "> "
    ) {
        self.items = items
        self.selectedIndex = selectedIndex
        self.offset = offset
        self.highlightStyle = highlightStyle
        self.highlightSymbol = highlightSymbol
    }

    /// The offset `render` will use for a viewport of `height` rows.
    public func visibleOffset(height: Int) -> Int {
        ScrollOffset.keepingVisible(selection: selectedIndex, offset: offset, visibleCount: height, itemCount: items.count)
    }

    /// Stores the corrected offset so the next frame scrolls from where this one ended.
    public mutating func scrollToSelection(height: Int) {
        offset = visibleOffset(height: height)
    }

    /// Selects `index` clamped to the items, or nothing when the list is empty.
    public mutating func select(_ index: Int) {
        selectedIndex = items.isEmpty ? nil : min(max(0, index), items.count - 1)
    }

    /// Moves the selection down by `step` (default one), stopping at the last item.
    public mutating func selectNext(by step: Int = 1) {
        select((selectedIndex ?? -1) + step)
    }

    /// Moves the selection up by `step` (default one), stopping at the first item.
    public mutating func selectPrevious(by step: Int = 1) {
        select((selectedIndex ?? items.count) - step)
    }

    /// Draws the visible items, highlighting the selected row across the full width.
    public func render(in rect: Rect, buffer: inout CellBuffer) {
        guard !rect.isEmpty else { return }
        let first = visibleOffset(height: rect.height)
        let symbolWidth = selectedIndex == nil ? 0 : DisplayWidth.width(of: highlightSymbol)
        for row in 0..<rect.height {
            let index = first + row
            guard index < items.count else { break }
            let y = rect.y + row
            let isSelected = index == selectedIndex
            let rowStyle = isSelected ? highlightStyle : .plain
            if isSelected {
                buffer.setStyle(rect.row(row), style: highlightStyle)
            }
            var used = 0
            if symbolWidth > 0 {
                let symbol = isSelected ? highlightSymbol : String(repeating: " ", count: symbolWidth)
                used = buffer.write(symbol, at: Position(x: rect.x, y: y), style: rowStyle, maxWidth: rect.width)
            }
            // A clipped item ends in an ellipsis, so a cut-off name does not pass for a whole one.
            buffer.write(items[index], at: Position(x: rect.x + used, y: y), style: rowStyle, markingCutWithin: rect.width - used)
        }
    }
}
