/// A rectangle of cells; width and height are never negative, so tiny terminals yield empty rects.
public struct Rect: Hashable, Sendable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Number of columns.
    public var width: Int
    /// Number of rows.
    public var height: Int

    /// Creates a rect, clamping negative sizes to zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// An empty rect at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The column just past the right edge.
    public var right: Int { x + width }
    /// The row just past the bottom edge.
    public var bottom: Int { y + height }
    /// Number of cells covered.
    public var area: Int { width * height }
    /// True when nothing can be drawn in the rect.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether the cell at (`x`, `y`) lies inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < right && py >= y && py < bottom
    }

    /// The rect shrunk by `horizontal` columns on each side and `vertical` rows on each side,
    /// collapsing to an empty rect at the centre rather than going negative.
    public func inset(horizontal: Int, vertical: Int) -> Rect {
        let dx = max(0, horizontal)
        let dy = max(0, vertical)
        return Rect(x: x + min(dx, width / 2), y: y + min(dy, height / 2), width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The area inside a one-cell border.
    public var inner: Rect { inset(horizontal: 1, vertical: 1) }

    /// The overlap of two rects; empty (but positioned inside `self`) when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let newRight = min(right, other.right)
        let newBottom = min(bottom, other.bottom)
        return Rect(
            x: min(left, right),
            y: min(top, bottom),
            width: newRight - left,
            height: newBottom - top
        )
    }

    /// This rect cut down to fit inside `bounds`.
    public func clamped(to bounds: Rect) -> Rect {
        bounds.intersection(self)
    }

    /// A rect of the given size centred in this one, shrunk to fit when this one is smaller.
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(max(0, w), width)
        let ch = min(max(0, h), height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }

    /// The single row at offset `row` from the top, or an empty rect when out of range.
    public func row(_ row: Int) -> Rect {
        guard row >= 0, row < height else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: x, y: y + row, width: width, height: 1)
    }
}
