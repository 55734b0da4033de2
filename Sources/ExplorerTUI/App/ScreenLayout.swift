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

    /// Computes the layout for `width` × `height`; a `maximized` request or response pane takes the whole middle.
    public init(width: Int, height: Int, maximized: Focus? = nil) {
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        isTooSmall = width < ScreenLayout.minimumWidth || height < ScreenLayout.minimumHeight
        let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(screen)
        topBar = rows[0]
        bottomBar = rows[2]
        let treeWidth = max(24, min(40, width * 3 / 10))
        let columns = Layout.horizontal([.length(treeWidth), .fill(1)]).split(rows[1])
        tree = columns[0]
        let right = Layout.vertical([.percentage(42), .fill(1)]).split(columns[1])
        request = right[0]
        response = right[1]
        switch maximized {
        case .request?:
            (tree, request, response) = (.zero, rows[1], .zero)
        case .response?:
            (tree, request, response) = (.zero, .zero, rows[1])
        default: break
        }
    }

    /// Lines of body visible in the response pane (inside the border, below the status line and tabs).
    public var bodyHeight: Int { max(1, response.height - 4) }
}
