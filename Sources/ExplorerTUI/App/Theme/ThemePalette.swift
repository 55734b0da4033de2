/// The style of every role the explorer draws: a theme. Rendering reads the one bound to `current`.
public struct ThemePalette: Sendable, Equatable {
    /// The name shown when themes are cycled (`dark`, `light`, or a custom theme's).
    public var name: String
    /// The top and bottom bars.
    public var bar = Style(foreground: .black, background: .cyan)
    /// Keys and highlighted words in the bars.
    public var barKey = Style(foreground: .black, background: .cyan, attributes: .bold)
    /// Secondary text.
    public var dim = Style(attributes: .dim)
    /// The selected row.
    public var selection = Style(attributes: .reverse)
    /// Errors and failed checks.
    public var error = Style(foreground: .red, attributes: .bold)
    /// Passed checks and success marks.
    public var passed = Style(foreground: .green, attributes: .bold)
    /// Warnings.
    public var warning = Style(foreground: .yellow, attributes: .bold)
    /// Search matches.
    public var match = Style(foreground: .black, background: .yellow)
    /// Line numbers.
    public var lineNumber = Style(foreground: .brightBlack)
    /// The border of a pane that does not have the focus.
    public var border = Style.plain
    /// The border of the focused pane and of overlays.
    public var borderFocused = Style(foreground: .cyan, attributes: .bold)
    /// The selected tab.
    public var tabSelected = Style(attributes: [.reverse, .bold])
    /// A collection's name in the tree.
    public var treeCollection = Style(attributes: .bold)
    /// A folder's name in the tree.
    public var treeFolder = Style.plain
    /// A request's name in the tree.
    public var treeRequest = Style.plain
    /// Keys in the bottom bar's hints.
    public var hintKey = Style(attributes: [.bold, .reverse])
    /// Keys in the help overlay.
    public var helpKey = Style(foreground: .cyan)
    /// A `{{variable}}` that resolves.
    public var variable = Style(foreground: .cyan, attributes: .bold)
    /// GET, POST, PUT, PATCH, DELETE and any other method.
    public var methodGet = Style(foreground: .green, attributes: .bold)
    /// POST.
    public var methodPost = Style(foreground: .yellow, attributes: .bold)
    /// PUT.
    public var methodPut = Style(foreground: .blue, attributes: .bold)
    /// PATCH.
    public var methodPatch = Style(foreground: .blue, attributes: .bold)
    /// DELETE.
    public var methodDelete = Style(foreground: .red, attributes: .bold)
    /// Any other method (HEAD, OPTIONS, WS, GRAPHQL…).
    public var methodOther = Style(foreground: .magenta, attributes: .bold)
    /// A 2xx status.
    public var status2xx = Style(foreground: .black, background: .green, attributes: .bold)
    /// A 3xx status.
    public var status3xx = Style(foreground: .black, background: .cyan, attributes: .bold)
    /// A 4xx status.
    public var status4xx = Style(foreground: .black, background: .yellow, attributes: .bold)
    /// A 5xx status or a failure.
    public var status5xx = Style(foreground: .white, background: .red, attributes: .bold)
    /// JSON object keys.
    public var jsonKey = Style(foreground: .blue, attributes: .bold)
    /// JSON strings.
    public var jsonString = Style(foreground: .green)
    /// JSON numbers.
    public var jsonNumber = Style(foreground: .cyan)
    /// JSON `true`, `false` and `null`.
    public var jsonLiteral = Style(foreground: .magenta)
    /// Form field names.
    public var formName = Style(foreground: .blue, attributes: .bold)
    /// Notes inside a body (a binary or cut body's explanation).
    public var note = Style(foreground: .yellow)
    /// Offsets of the hex view.
    public var hexOffset = Style(foreground: .brightBlack)
    /// XML and HTML tags.
    public var tag = Style(foreground: .blue)
    /// XML and HTML attribute names.
    public var attributeName = Style(foreground: .yellow)
    /// XML and HTML attribute values.
    public var attributeValue = Style(foreground: .green)
    /// Comments in XML and HTML.
    public var comment = Style(attributes: .dim)
    /// A value only the second side of a comparison has.
    public var diffAdded = Style(foreground: .green)
    /// A value only the first side has.
    public var diffRemoved = Style(foreground: .red)
    /// A value both sides have, differently.
    public var diffChanged = Style(foreground: .yellow)
    /// A stream event's name.
    public var eventName = Style(foreground: .cyan, attributes: .bold)
    /// The arrow of a WebSocket message sent.
    public var messageSent = Style(foreground: .green, attributes: .bold)
    /// The arrow of a WebSocket message received.
    public var messageReceived = Style(foreground: .cyan, attributes: .bold)

    /// A palette with every role at the dark theme's style.
    public init(name: String) {
        self.name = name
    }

    /// The theme rendering uses; `ExplorerView.render` binds the model's, so tests and threads never share one.
    @TaskLocal public static var current = ThemePalette.dark
}
