/// One terminal cell: a grapheme of width 1 or 2, or the right half of a wide grapheme to its left.
public struct Cell: Hashable, Sendable {
    /// The grapheme to draw; empty for a continuation cell.
    public var symbol: String
    /// Columns the symbol covers: 1 or 2, and 0 for a continuation cell.
    public var width: Int
    /// Colours and attributes.
    public var style: Style
    /// True for the right half of a wide grapheme, which the backend must not draw (the lead covers it).
    public var isContinuation: Bool

    /// Creates a cell; callers are expected to pass a single grapheme whose width matches `width`.
    public init(symbol: String, width: Int, style: Style = .plain, isContinuation: Bool = false) {
        self.symbol = symbol
        self.width = width
        self.style = style
        self.isContinuation = isContinuation
    }

    /// A space in the given style.
    public static func blank(style: Style = .plain) -> Cell {
        Cell(symbol: " ", width: 1, style: style)
    }

    /// The right half of a wide grapheme.
    public static func continuation(style: Style) -> Cell {
        Cell(symbol: "", width: 0, style: style, isContinuation: true)
    }
}
