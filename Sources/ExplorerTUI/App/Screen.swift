/// The terminal's size, the pane shown alone, if any, and the theme: how the panes are laid out and drawn.
public struct Screen: Sendable, Equatable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int
    /// The pane shown alone, filling the right side (z toggles it), or nil for the usual layout.
    public var maximized: Focus?
    /// The theme in use and the others `T` cycles to.
    public var theme = ThemeSelection()
    /// Stacked or side by side, and the split between the tree and the other panes.
    public var arrangement: LayoutSettings
    /// True while the border between the tree and the panes is held with the mouse (pressed, not yet let go).
    public var isDraggingSplit = false

    /// Creates a screen of `width` × `height` with the usual layout.
    public init(width: Int, height: Int, maximized: Focus? = nil, arrangement: LayoutSettings = LayoutSettings()) {
        self.width = width
        self.height = height
        self.maximized = maximized
        self.arrangement = arrangement
    }

    /// Where each pane goes.
    public var layout: ScreenLayout { ScreenLayout(width: width, height: height, maximized: maximized, settings: arrangement) }
}
