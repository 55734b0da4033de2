/// Where each pane goes for a terminal size; shared by rendering and by keys that page by the visible height.
public struct ScreenLayout: Sendable, Equatable {
    /// The smallest terminal the explorer draws in.
    public static let minimumWidth = 60
    /// The smallest terminal the explorer draws in.
    public static let minimumHeight = 16

    /// The top bar (collection, environment).
    public var topBar: Rect
    /// The collections tree.
    public var tree: Rect
    /// The request pane.
    public var request: Rect
    /// The response pane.
    public var response: Rect
    /// The bottom bar (keys).
    public var bottomBar: Rect
    /// True when the terminal is too small to draw in.
    public var isTooSmall: Bool
    /// True when the panes are stacked: tree on top, then request, then response.
    public var isStacked: Bool

    /// Computes the layout for `width` × `height`; a `maximized` request or response pane takes the whole middle.
    /// `settings` says whether the panes stack and where the split between the tree and the other panes is.
    public init(width: Int, height: Int, maximized: Focus? = nil, settings: LayoutSettings = LayoutSettings()) {
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        isTooSmall = width < ScreenLayout.minimumWidth || height < ScreenLayout.minimumHeight
        let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(screen)
        topBar = rows[0]
        bottomBar = rows[2]
        let middle = rows[1]
        isStacked = settings.isStacked(width: width)
        if isStacked {
            // Every pane keeps room for its border and a line or two; the request and response share what the tree
            // leaves equally (the request's URL, tabs and column titles take four of its lines).
            let treeHeight = max(3, min(middle.height - 8, middle.height * (settings.split ?? 30) / 100))
            let parts = Layout.vertical([.length(treeHeight), .fill(1)]).split(middle)
            tree = parts[0]
            let rest = Layout.vertical([.percentage(50), .fill(1)]).split(parts[1])
            request = rest[0]
            response = rest[1]
        } else {
            let treeWidth = settings.split.map { max(12, min(width - 24, width * $0 / 100)) } ?? max(24, min(40, width * 3 / 10))
            let columns = Layout.horizontal([.length(treeWidth), .fill(1)]).split(middle)
            tree = columns[0]
            let right = Layout.vertical([.percentage(42), .fill(1)]).split(columns[1])
            request = right[0]
            response = right[1]
        }
        switch maximized {
        case .request?:
            (tree, request, response) = (.zero, middle, .zero)
        case .response?:
            (tree, request, response) = (.zero, .zero, middle)
        default: break
        }
    }

    /// Lines of body visible in the response pane (inside the border, below the status line and tabs).
    public var bodyHeight: Int { max(1, response.height - 4) }

    /// The tree's share of the screen in percent as laid out: of the width side by side, of the middle rows stacked.
    public var treeShare: Int {
        let total = isStacked ? tree.height + request.height + response.height : tree.width + request.width
        let part = isStacked ? tree.height : tree.width
        return total > 0 ? (part * 100 + total / 2) / total : 30
    }

    /// True when (`x`, `y`) is on the border between the tree and the panes beside or below it (either pane's edge).
    public func isOnSplit(x: Int, y: Int) -> Bool {
        guard tree.width > 0, tree.height > 0 else { return false }
        if isStacked { return (y == tree.y + tree.height - 1 || y == tree.y + tree.height) && x >= tree.x && x < tree.x + tree.width }
        return (x == tree.x + tree.width - 1 || x == tree.x + tree.width) && y >= tree.y && y < tree.y + tree.height
    }

    /// The split in percent that puts the border at (`x`, `y`), dragged there.
    public func split(draggedTo x: Int, y: Int) -> Int {
        if isStacked {
            let total = max(1, tree.height + request.height + response.height)
            return LayoutSettings.clamped(((y - tree.y + 1) * 100 + total / 2) / total)
        }
        let total = max(1, tree.width + request.width)
        return LayoutSettings.clamped(((x - tree.x + 1) * 100 + total / 2) / total)
    }
}
