import ExplorerWorkspace

/// How the panes are arranged: stacked or side by side, and the tree's share of the screen (the split). The config
/// file's `layout:` sets these; the split moved with `<` `>` or by dragging the border is remembered across runs.
public struct LayoutSettings: Sendable, Equatable, Codable {
    /// Below this many columns `auto` stacks the panes.
    public static let stackBelowWidth = 100
    /// The split is kept between these percentages.
    public static let splitRange = 10...90
    /// How far one `<` or `>` moves the split, in percent.
    public static let splitStep = 5

    /// Stacked, side by side, or by the terminal's width.
    public var stack: LayoutStack
    /// The tree's share in percent: of the width side by side, of the height stacked; nil for the default (30% of
    /// the width, kept between 24 and 40 columns; 30% of the height).
    public var split: Int?

    /// Creates settings; a split outside 10–90 is clamped.
    public init(stack: LayoutStack = .auto, split: Int? = nil) {
        self.stack = stack
        self.split = split.map(LayoutSettings.clamped)
    }

    /// True when the panes stack on a terminal `width` columns wide.
    public func isStacked(width: Int) -> Bool {
        switch stack {
        case .auto: width < LayoutSettings.stackBelowWidth
        case .always: true
        case .never: false
        }
    }

    /// `percent` kept within `splitRange`.
    public static func clamped(_ percent: Int) -> Int {
        min(splitRange.upperBound, max(splitRange.lowerBound, percent))
    }
}
