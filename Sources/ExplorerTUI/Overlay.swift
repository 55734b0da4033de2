/// A popup area centred in a parent rect; rendering it blanks the cells underneath so the popup's
/// content does not mix with what was drawn before.
public struct Overlay: Widget, Hashable {
    /// Requested width: a length, a percentage of the parent, or `fill` for the whole parent width.
    public var width: Constraint
    /// Requested height, resolved like `width`.
    public var height: Constraint
    /// Style the cleared area gets.
    public var style: Style

    /// Creates an overlay.
    public init(width: Constraint, height: Constraint, style: Style = .plain) {
        self.width = width
        self.height = height
        self.style = style
    }

    /// The popup rect inside `parent`, shrunk to fit when the parent is small.
    public func area(in parent: Rect) -> Rect {
        parent.centered(width: Overlay.resolve(width, total: parent.width), height: Overlay.resolve(height, total: parent.height))
    }

    /// Clears the popup rect inside `parent`; draw the popup's content into `area(in:)` afterwards.
    public func render(in parent: Rect, buffer: inout CellBuffer) {
        buffer.fill(area(in: parent), style: style)
    }

    /// A rect of the given size centred in `parent`, for popups that need no clearing helper. A popup that would
    /// leave only one or two columns beside it takes the whole width instead: those columns showed bits of the panes'
    /// borders as stray corners at the edge.
    public static func centered(width: Int, height: Int, in parent: Rect) -> Rect {
        let area = parent.centered(width: width, height: height)
        guard area.x - parent.x <= 2 || parent.right - area.right <= 2, area.width < parent.width else { return area }
        return Rect(x: parent.x, y: area.y, width: parent.width, height: area.height)
    }

    private static func resolve(_ constraint: Constraint, total: Int) -> Int {
        switch constraint {
        case .length(let length): return min(max(0, length), total)
        case .percentage(let percent): return total * min(max(0, percent), 100) / 100
        case .fill: return total
        }
    }
}
