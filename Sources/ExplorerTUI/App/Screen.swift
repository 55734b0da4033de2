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

    /// Creates a screen of `width` × `height` with the usual layout.
    public init(width: Int, height: Int, maximized: Focus? = nil) {
        self.width = width
        self.height = height
        self.maximized = maximized
    }

    /// Where each pane goes.
    public var layout: ScreenLayout { ScreenLayout(width: width, height: height, maximized: maximized) }
}
