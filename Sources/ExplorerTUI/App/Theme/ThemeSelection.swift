/// The themes `T` cycles through and the one in use.
public struct ThemeSelection: Sendable, Equatable {
    /// The built-in themes, then custom ones, each name once.
    public private(set) var available: [ThemePalette]
    /// The position of the theme in use in `available`.
    public private(set) var index: Int

    /// The built-ins plus `custom`, starting on `start` (a name in the list) or the first.
    public init(custom: [ThemePalette] = [], start: String? = nil) {
        var themes = ThemePalette.builtIns
        for palette in custom {
            // A custom theme with a built-in's name replaces it, so `T` never shows two of one name.
            if let existing = themes.firstIndex(where: { $0.name == palette.name }) { themes[existing] = palette } else { themes.append(palette) }
        }
        available = themes
        index = start.flatMap { name in themes.firstIndex { $0.name == name } } ?? 0
    }

    /// The theme in use.
    public var palette: ThemePalette { available[index] }

    /// Moves to the next theme, after the last back to the first.
    public mutating func cycle() {
        index = (index + 1) % available.count
    }
}
