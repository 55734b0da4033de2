/// Splits a rect into segments along one axis, in the spirit of ratatui's layout.
///
/// Fixed segments (`length`, `percentage`) are served first, in order, each getting at most what is
/// left; `fill` segments then share the rest by weight. When the terminal is too small the later
/// segments shrink to zero instead of overlapping or leaving the parent rect.
public struct Layout: Hashable, Sendable {
    /// The axis segments are laid along.
    public var axis: Axis
    /// One constraint per segment.
    public var constraints: [Constraint]
    /// Empty cells between adjacent segments.
    public var spacing: Int

    /// Creates a layout.
    public init(axis: Axis, constraints: [Constraint], spacing: Int = 0) {
        self.axis = axis
        self.constraints = constraints
        self.spacing = max(0, spacing)
    }

    /// Segments stacked top to bottom.
    public static func vertical(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
        Layout(axis: .vertical, constraints: constraints, spacing: spacing)
    }

    /// Segments side by side, left to right.
    public static func horizontal(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
        Layout(axis: .horizontal, constraints: constraints, spacing: spacing)
    }

    /// The segment rects, one per constraint, all inside `rect`.
    public func split(_ rect: Rect) -> [Rect] {
        let total = axis == .horizontal ? rect.width : rect.height
        let sizes = Layout.sizes(for: constraints, total: total, spacing: spacing)
        let start = axis == .horizontal ? rect.x : rect.y
        let end = start + total
        var cursor = start
        var result: [Rect] = []
        result.reserveCapacity(sizes.count)
        for size in sizes {
            let origin = min(cursor, end)
            let length = min(size, end - origin)
            switch axis {
            case .horizontal:
                result.append(Rect(x: origin, y: rect.y, width: length, height: rect.height))
            case .vertical:
                result.append(Rect(x: rect.x, y: origin, width: rect.width, height: length))
            }
            cursor = origin + length + spacing
        }
        return result
    }

    /// Segment lengths for `total` cells; exposed so widgets such as `Table` can size columns.
    public static func sizes(for constraints: [Constraint], total: Int, spacing: Int = 0) -> [Int] {
        let gaps = max(0, spacing) * max(0, constraints.count - 1)
        let available = max(0, total - gaps)
        var remaining = available
        var sizes = [Int](repeating: 0, count: constraints.count)
        for (index, constraint) in constraints.enumerated() {
            let wanted: Int
            switch constraint {
            case .length(let length): wanted = max(0, length)
            case .percentage(let percent): wanted = available * min(max(0, percent), 100) / 100
            case .fill: continue
            }
            sizes[index] = min(wanted, remaining)
            remaining -= sizes[index]
        }
        let fills = constraints.enumerated().compactMap { index, constraint -> (Int, Int)? in
            if case .fill(let weight) = constraint { return (index, max(0, weight)) }
            return nil
        }
        let totalWeight = fills.reduce(0) { $0 + $1.1 }
        guard totalWeight > 0 else { return sizes }
        var handedOut = 0
        for (position, (index, weight)) in fills.enumerated() {
            // The last weighted fill takes the rounding remainder so the segments cover the rect exactly.
            let isLastWeighted = !fills[(position + 1)...].contains { $0.1 > 0 }
            let share = isLastWeighted && weight > 0 ? remaining - handedOut : remaining * weight / totalWeight
            sizes[index] = share
            handedOut += share
        }
        return sizes
    }
}
