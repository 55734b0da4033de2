/// Every key binding, per pane, with its help text: the one place keys are interpreted.
public struct KeyMap: Sendable {
    /// Bindings that work in every pane (looked up after the pane's own).
    public var global: [KeyBinding]
    /// Bindings per focused pane.
    public var panes: [Focus: [KeyBinding]]
    /// Extra bindings for the Headers tab of the request pane.
    public var headers: [KeyBinding]

    /// The standard bindings: arrows and vim keys, Tab to move focus, Enter or Ctrl-J to send.
    public static let standard = KeyMap(
        global: [
            KeyBinding([.control("j")], .send, "send the request", hint: true),
            KeyBinding([.tab], .focusNext, "next pane", hint: true),
            KeyBinding([.backTab], .focusPrevious, "previous pane"),
            KeyBinding([.character("e")], .pickEnvironment, "switch environment", hint: true),
            KeyBinding([.character("x")], .exportRequest, "export the request (curl, Swift, .http)"),
            KeyBinding([.character("D")], .compareEnvironments, "compare the request in two environments"),
            KeyBinding([.escape], .cancel, "cancel the request in flight / close"),
            KeyBinding([.character("?"), .function(1)], .help, "help", hint: true),
            KeyBinding([.character("q")], .quit, "quit", hint: true),
            KeyBinding([.control("c")], .quit, "cancel the request in flight, else quit"),
            KeyBinding([.control("r")], .reload, "reload collections from disk (unsaved edits kept)"),
        ],
        panes: [
            .tree: [
                KeyBinding([.up, .character("k")], .moveUp, "up"),
                KeyBinding([.down, .character("j")], .moveDown, "down"),
                KeyBinding([.character("g"), .home], .top, "first"),
                KeyBinding([.character("G"), .end], .bottom, "last"),
                KeyBinding([.left, .character("h")], .collapse, "collapse"),
                KeyBinding([.right, .character("l")], .expand, "expand"),
                KeyBinding([.enter], .activate, "open folder / send request", hint: true),
                KeyBinding([.character("/")], .filter, "filter", hint: true),
                KeyBinding([.character("I")], .importCurl, "import a pasted curl command"),
            ],
            .request: [
                KeyBinding([.right, .character("l"), .character("]")], .nextTab, "next tab", hint: true),
                KeyBinding([.left, .character("h"), .character("[")], .previousTab, "previous tab"),
                KeyBinding([.enter], .send, "send"),
                KeyBinding([.character("s")], .save, "save edits", hint: true),
            ],
            .response: [
                KeyBinding([.up, .character("k")], .moveUp, "scroll up"),
                KeyBinding([.down, .character("j")], .moveDown, "scroll down"),
                KeyBinding([.pageUp], .pageUp, "page up"),
                KeyBinding([.pageDown, .character(" ")], .pageDown, "page down", hint: true),
                KeyBinding([.character("g"), .home], .top, "top"),
                KeyBinding([.character("G"), .end], .bottom, "end"),
                KeyBinding([.right, .character("]")], .nextTab, "headers / body tab"),
                KeyBinding([.left, .character("[")], .previousTab, "body / headers tab"),
                KeyBinding([.character("h")], .scrollLeft, "scroll left (long lines)"),
                KeyBinding([.character("l")], .scrollRight, "scroll right (long lines)"),
                KeyBinding([.character("w")], .toggleWrap, "wrap lines", hint: true),
                KeyBinding([.character("#")], .toggleLineNumbers, "line numbers"),
                KeyBinding([.character("/")], .search, "search", hint: true),
                KeyBinding([.character("n")], .nextMatch, "next match"),
                KeyBinding([.character("N")], .previousMatch, "previous match"),
            ],
        ],
        headers: [
            KeyBinding([.up, .character("k")], .moveUp, "previous header"),
            KeyBinding([.down, .character("j")], .moveDown, "next header"),
            KeyBinding([.character("a")], .addHeader, "add a header", hint: true),
            KeyBinding([.character("i")], .editHeader, "edit the header", hint: true),
            KeyBinding([.character("d"), .delete], .deleteHeader, "delete the header", hint: true),
            KeyBinding([.character(" ")], .toggleHeader, "enable / disable", hint: true),
        ]
    )

    /// The bindings in force, most specific first.
    public func bindings(focus: Focus, headersTab: Bool) -> [KeyBinding] {
        (focus == .request && headersTab ? headers : []) + (panes[focus] ?? []) + global
    }

    /// The action for a key in a pane, if any.
    public func action(for key: Key, focus: Focus, headersTab: Bool) -> AppAction? {
        bindings(focus: focus, headersTab: headersTab).first { $0.keys.contains(key) }?.action
    }
}
