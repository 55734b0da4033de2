/// Every key binding, per pane, with its help text: the one place keys are interpreted.
public struct KeyMap: Sendable {
    /// Bindings that work in every pane (looked up after the pane's own).
    public var global: [KeyBinding]
    /// Bindings per focused pane.
    public var panes: [Focus: [KeyBinding]]
    /// Extra bindings for request tabs that are tables (Params, Headers, form and multipart bodies).
    public var table: [KeyBinding]
    /// Extra bindings per request tab.
    public var tabs: [RequestTab: [KeyBinding]]
    /// Keys of the history list.
    public var history: [KeyBinding] = KeyMap.exchangeMoves + [
        KeyBinding([.enter], .openExchange, "show in the response pane", hint: true),
        KeyBinding([.character("r")], .replay, "send it again exactly", hint: true),
        KeyBinding([.character(" ")], .markExchange, "mark for comparing", hint: true),
        KeyBinding([.character("c")], .compareExchanges, "compare with the marked (or live) one", hint: true),
        KeyBinding([.character("/")], .filter, "filter by text", hint: true),
        KeyBinding([.character("s")], .cycleStatusFilter, "status: all, 2xx … 5xx, failed"),
        KeyBinding([.character("e")], .cycleEnvironmentFilter, "environment: all or one"),
        KeyBinding([.character("a")], .toggleHistoryScope, "this request / all requests"),
        KeyBinding([.escape, .character("q")], .cancel, "close"),
        KeyBinding([.character("?")], .help, "help"),
    ]
    /// Moving through a list of exchanges newest first: the history list and the Capture view.
    static let exchangeMoves = [
        KeyBinding([.up, .character("k")], .moveUp, "previous exchange"),
        KeyBinding([.down, .character("j")], .moveDown, "next exchange"),
        KeyBinding([.pageUp], .pageUp, "page up"),
        KeyBinding([.pageDown], .pageDown, "page down"),
        KeyBinding([.character("g"), .home], .top, "newest"),
        KeyBinding([.character("G"), .end], .bottom, "oldest"),
    ]
    /// Keys of the overlays, prompts and fields, by mode; keys a mode does not bind go to its text field, if any.
    public var modes: [KeyMode: [KeyBinding]] = [
        .anywhere: [KeyBinding([.control("c")], .interrupt, "cancel the request in flight, else quit")],
        .quitConfirmation: [KeyBinding([.character("y"), .character("Y")], .accept, "quit without saving")],
        .confirmation: [KeyBinding([.character("y"), .character("Y")], .accept, "yes (any other key: no)")],
        .help: [
            KeyBinding([.down, .character("j")], .moveDown, "scroll down"),
            KeyBinding([.up, .character("k")], .moveUp, "scroll up"),
            KeyBinding([.pageDown, .character(" ")], .pageDown, "page down"),
            KeyBinding([.pageUp], .pageUp, "page up"),
        ],
        .picker: [
            KeyBinding([.escape], .cancel, "close"),
            KeyBinding([.up, .control("p")], .moveUp, "previous"),
            KeyBinding([.down, .control("n"), .tab], .moveDown, "next"),
            KeyBinding([.enter, .control("j")], .confirm, "choose", hint: true),
        ],
        .pickerList: [
            KeyBinding([.character("k")], .moveUp, "previous"),
            KeyBinding([.character("j")], .moveDown, "next"),
        ],
        .form: [
            KeyBinding([.escape], .cancel, "cancel"),
            KeyBinding([.tab, .down], .nextField, "next field"),
            KeyBinding([.backTab, .up], .previousField, "previous field"),
            KeyBinding([.enter, .control("j")], .confirm, "done (later fields keep their defaults)", hint: true),
        ],
        .environmentPicker: [
            KeyBinding([.up, .character("k")], .moveUp, "previous environment"),
            KeyBinding([.down, .character("j")], .moveDown, "next environment"),
            KeyBinding([.enter, .control("j")], .confirm, "use it", hint: true),
            KeyBinding([.escape, .character("q"), .character("e")], .cancel, "close"),
            KeyBinding([.character("s")], .saveCaptures, "save its captured values next to the collection", hint: true),
            KeyBinding([.character("E")], .editEnvironments, "edit the environments", hint: true),
            KeyBinding([.character("?")], .help, "help"),
        ],
        .environmentEditor: [
            KeyBinding([.up, .character("k")], .moveUp, "previous row"),
            KeyBinding([.down, .character("j")], .moveDown, "next row"),
            KeyBinding([.left, .character("h"), .character("[")], .previousTab, "previous environment"),
            KeyBinding([.right, .character("l"), .character("]")], .nextTab, "next environment", hint: true),
            KeyBinding([.enter, .character("i")], .editRow, "edit the value", hint: true),
            KeyBinding([.character(" ")], .toggleRow, "switch default, verifyTLS, secret", hint: true),
            KeyBinding([.character("a")], .addRow, "add a variable", hint: true),
            KeyBinding([.character("d"), .delete], .deleteRow, "delete the variable / unset the key"),
            KeyBinding([.character("A")], .newEnvironment, "new environment", hint: true),
            KeyBinding([.character("r")], .renameEnvironment, "rename the environment"),
            KeyBinding([.character("D")], .deleteEnvironment, "delete the environment (asks first)"),
            KeyBinding([.character("?")], .help, "help"),
            KeyBinding([.escape, .character("q")], .cancel, "close", hint: true),
        ],
        .environmentField: [
            KeyBinding([.escape], .cancel, "cancel", hint: true),
            KeyBinding([.tab, .down], .nextField, "next field", hint: true),
            KeyBinding([.backTab, .up], .previousField, "previous field"),
            KeyBinding([.control("t")], .toggleSecret, "secret: value to secrets.local.yaml", hint: true),
            KeyBinding([.enter, .control("j")], .confirm, "next field; on the last, save", hint: true),
        ],
        .toolPanel: [
            KeyBinding([.escape, .character("q")], .cancel, "close", hint: true),
            KeyBinding([.tab, .character("x")], .nextFormat, "next export format", hint: true),
            KeyBinding([.character("y")], .copy, "copy what is shown", hint: true),
            KeyBinding([.enter, .control("j")], .confirm, "compare with this environment"),
            KeyBinding([.up, .character("k")], .moveUp, "up"),
            KeyBinding([.down, .character("j")], .moveDown, "down"),
            KeyBinding([.pageUp], .pageUp, "page up"),
            KeyBinding([.pageDown, .character(" ")], .pageDown, "page down"),
            KeyBinding([.home, .character("g")], .top, "top"),
            KeyBinding([.end, .character("G")], .bottom, "end"),
            KeyBinding([.character("?")], .help, "help"),
        ],
        .loadPanel: [
            KeyBinding([.escape], .cancel, "stop the test / close", hint: true),
            KeyBinding([.tab, .backTab], .nextField, "next field", hint: true),
            KeyBinding([.enter, .control("j")], .confirm, "start the test", hint: true),
            KeyBinding([.character("y")], .copy, "copy the summary"),
            KeyBinding([.up, .character("k")], .moveUp, "up"),
            KeyBinding([.down, .character("j")], .moveDown, "down"),
            KeyBinding([.character("?")], .help, "help"),
        ],
        .importPrompt: [
            KeyBinding([.escape], .cancel, "cancel"),
            KeyBinding([.enter, .control("j")], .confirm, "import", hint: true),
        ],
        .valuePrompt: [
            KeyBinding([.escape], .cancel, "cancel the send"),
            KeyBinding([.enter, .control("j")], .confirm, "answer and send", hint: true),
        ],
        .treeFilter: [
            KeyBinding([.enter], .confirm, "keep the filter", hint: true),
            KeyBinding([.control("j")], .send, "keep the filter and send the highlighted request"),
            KeyBinding([.escape], .cancel, "clear the filter"),
        ],
        .search: [
            KeyBinding([.enter, .control("j")], .confirm, "search", hint: true),
            KeyBinding([.escape], .cancel, "cancel"),
        ],
        .jsonFilter: [
            KeyBinding([.enter, .control("j")], .confirm, "keep the filter", hint: true),
            KeyBinding([.escape], .cancel, "remove the filter"),
        ],
        .historyFilter: [
            KeyBinding([.enter, .control("j")], .confirm, "apply", hint: true),
            KeyBinding([.escape], .cancel, "cancel"),
        ],
        .urlField: [
            KeyBinding([.escape], .cancel, "cancel the edit"),
            KeyBinding([.enter, .control("j")], .confirm, "apply", hint: true),
            KeyBinding([.tab], .complete, "complete a {{variable}}", hint: true),
            KeyBinding([.alt("b")], .wordLeft, "word left"),
            KeyBinding([.alt("f")], .wordRight, "word right"),
            KeyBinding([.control("w")], .deleteWordBefore, "delete the word before"),
        ],
        .rowEditor: [
            KeyBinding([.escape], .cancel, "cancel the edit"),
            KeyBinding([.tab, .backTab], .nextField, "name / value"),
            KeyBinding([.enter, .control("j")], .confirm, "apply", hint: true),
        ],
        .valueEditor: [
            KeyBinding([.escape], .cancel, "cancel the edit"),
            KeyBinding([.enter, .control("j")], .confirm, "apply", hint: true),
            KeyBinding([.tab], .complete, "secret: keep it in secrets.local.yaml"),
        ],
        .bodyEditor: [
            KeyBinding([.escape], .cancel, "leave the editor (the text stays)"),
            KeyBinding([.tab], .complete, "GraphQL/gRPC: complete a field or argument (else indent)"),
            KeyBinding([.control("j")], .send, "send"),
            KeyBinding([.control("s")], .save, "save"),
        ],
        .terminalCheck: [KeyBinding([.character("q")], .quit, "quit")],
        .schemaView: [
            KeyBinding([.escape, .character("q"), .character("S")], .cancel, "close", hint: true),
            KeyBinding([.up, .character("k")], .moveUp, "previous type", hint: true),
            KeyBinding([.down, .character("j")], .moveDown, "next type", hint: true),
            KeyBinding([.character("g"), .home], .top, "first type"),
            KeyBinding([.character("G"), .end], .bottom, "last type"),
            KeyBinding([.pageDown, .character(" ")], .pageDown, "scroll the fields down", hint: true),
            KeyBinding([.pageUp], .pageUp, "scroll the fields up"),
            KeyBinding([.character("?")], .help, "help"),
        ],
        .messageList: [
            KeyBinding([.escape, .character("q"), .character("!")], .cancel, "close", hint: true),
            KeyBinding([.up, .character("k")], .moveUp, "scroll up"),
            KeyBinding([.down, .character("j")], .moveDown, "scroll down"),
            KeyBinding([.pageUp], .pageUp, "page up"),
            KeyBinding([.pageDown, .character(" ")], .pageDown, "page down"),
            KeyBinding([.character("g"), .home], .top, "newest"),
            KeyBinding([.character("G"), .end], .bottom, "oldest"),
            KeyBinding([.character("?")], .help, "help"),
        ],
        .cookieList: [
            KeyBinding([.escape, .character("q"), .control("k")], .cancel, "close", hint: true),
            KeyBinding([.up, .character("k")], .moveUp, "previous cookie"),
            KeyBinding([.down, .character("j")], .moveDown, "next cookie"),
            KeyBinding([.character("d"), .delete], .deleteRow, "delete the cookie", hint: true),
            KeyBinding([.character("D")], .clearCookies, "clear the jar (asks first)", hint: true),
            KeyBinding([.character("R")], .toggleSecrets, "reveal / hide the values", hint: true),
            KeyBinding([.character("?")], .help, "help"),
        ],
        .palette: [
            KeyBinding([.escape], .cancel, "close"),
            KeyBinding([.enter, .control("j")], .confirm, "run it, or jump to it (request, environment, exchange)", hint: true),
            KeyBinding([.up, .control("p")], .moveUp, "previous"),
            KeyBinding([.down, .control("n"), .tab], .moveDown, "next"),
            KeyBinding([.pageUp], .pageUp, "page up"),
            KeyBinding([.pageDown], .pageDown, "page down"),
        ],
        .captureList: KeyMap.exchangeMoves + [
            KeyBinding([.enter], .openExchange, "show in the response pane", hint: true),
            KeyBinding([.character("s")], .saveExchange, "save as a request in the tree's folder", hint: true),
            KeyBinding([.character("r")], .replay, "send it again exactly", hint: true),
            KeyBinding([.character("/")], .filter, "filter by text", hint: true),
            KeyBinding([.escape, .character("q")], .cancel, "close"),
            KeyBinding([.character("?")], .help, "help"),
        ],
    ]
    /// Keys of the body editor and the one-line fields, for help: they edit text, so they are not actions.
    public var editing: [KeyHint] = [
        KeyHint(key: "←↑→↓ PgUp/PgDn", label: "move (Home/End: line start/end)"),
        KeyHint(key: "Alt-B/Alt-F", label: "word left / right"),
        KeyHint(key: "Alt-< / Alt->", label: "start / end of the body"),
        KeyHint(key: "Enter", label: "split the line (keeps the indent)"),
        KeyHint(key: "Ctrl-K/Ctrl-U", label: "delete to line end / start"),
        KeyHint(key: "Ctrl-W", label: "delete the word before (fields)"),
        KeyHint(key: "Ctrl-Z/Ctrl-Y", label: "undo / redo"),
        KeyHint(key: "Ctrl-S", label: "save; Ctrl-J sends; Esc leaves"),
        KeyHint(key: "Tab", label: "URL: complete {{var}}; GraphQL: a field; secret: to secrets file"),
    ]

    /// The standard bindings: arrows and vim keys, Tab to move focus, Enter or Ctrl-J to send.
    public static let standard = KeyMap(
        global: [
            KeyBinding([.control("j")], .send, "send the request", hint: true),
            KeyBinding([.tab], .focusNext, "next pane", hint: true),
            KeyBinding([.backTab], .focusPrevious, "previous pane"),
            KeyBinding([.character("e")], .pickEnvironment, "switch environment", hint: true),
            KeyBinding([.character("x")], .exportRequest, "export the request as code (curl, Python, Go…)"),
            KeyBinding([.character("D")], .compareEnvironments, "compare the request in two environments"),
            KeyBinding([.character("W")], .loadTest, "load-test the request (a rate or users, live percentiles)"),
            KeyBinding([.character("Y")], .copyAsCurl, "copy the request as curl"),
            KeyBinding([.character("H")], .history, "history of the selected request"),
            KeyBinding([.character("L")], .historyAll, "history of every request"),
            KeyBinding([.character("B")], .openCapture, "captured traffic (apiexplorer proxy), live"),
            KeyBinding([.escape], .cancel, "cancel the request in flight / close"),
            KeyBinding([.character("?"), .function(1)], .help, "help", hint: true),
            KeyBinding([.character("q")], .quit, "quit", hint: true),
            KeyBinding([.control("c")], .quit, "cancel the request in flight, else quit"),
            KeyBinding([.control("r")], .reload, "reload from disk (unsaved edits kept)"),
            KeyBinding([.character("!")], .showMessages, "recent messages, in full"),
            KeyBinding([.character("T")], .cycleTheme, "next theme (dark, light, high-contrast, 16-color, yours)"),
            KeyBinding([.control("k")], .showCookies, "cookies of the collection and environment in use"),
            KeyBinding([.control("p"), .character(":")], .openPalette, "command palette: actions, requests, environments, history"),
            KeyBinding([.character("<")], .shrinkTree, "move the split: smaller tree"),
            KeyBinding([.character(">")], .growTree, "move the split: bigger tree"),
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
                KeyBinding([.escape], .clearFilter, "clear the filter, keep the request"),
                KeyBinding([.character("n")], .newRequest, "new request in this folder", hint: true),
                KeyBinding([.character("N")], .newFolder, "new folder, or new collection beside one"),
                KeyBinding([.character("O")], .addDemo, "add the bundled Demo (works offline)"),
                KeyBinding([.character("c")], .duplicateRequest, "duplicate the request"),
                KeyBinding([.character("r")], .renameRequest, "rename the request"),
                KeyBinding([.character("M")], .moveRequest, "move the request to another folder"),
                KeyBinding([.character("d"), .delete], .deleteRequest, "delete the request (asks first)"),
                KeyBinding([.character("I")], .importCurl, "import curl or a spec's path here (no collection: a file)"),
                KeyBinding([.character("s")], .save, "save the request's edits"),
                KeyBinding([.character("E")], .externalEditor, "edit the request file in $EDITOR"),
            ],
            .request: [
                // Tabs change with the same keys in both panes; h and l scroll sideways in the response.
                KeyBinding([.right, .character("]")], .nextTab, "next tab: " + RequestTab.allCases.map(\.title).joined(separator: ", "), hint: true),
                KeyBinding([.left, .character("[")], .previousTab, "previous tab"),
                KeyBinding([.character("u")], .editURL, "edit the URL", hint: true),
                KeyBinding([.character("m")], .pickMethod, "choose the method", hint: true),
                KeyBinding([.character("s")], .save, "save edits", hint: true),
                KeyBinding([.character("E")], .externalEditor, "edit in $EDITOR (Body tab: the body, Scripts tab: the script)"),
                KeyBinding([.character("z")], .maximize, "maximise / restore the pane"),
                KeyBinding([.character("y")], .copy, "copy the URL (Headers tab: the header)"),
            ],
            .response: [
                KeyBinding([.up, .character("k")], .moveUp, "scroll up"),
                KeyBinding([.down, .character("j")], .moveDown, "scroll down"),
                KeyBinding([.pageUp], .pageUp, "page up"),
                KeyBinding([.pageDown, .character(" ")], .pageDown, "page down", hint: true),
                KeyBinding([.character("g"), .home], .top, "top"),
                KeyBinding([.character("G"), .end], .bottom, "end"),
                KeyBinding([.right, .character("]")], .nextTab, "next tab: " + ResponseTab.allCases.map(\.title).joined(separator: ", ")),
                KeyBinding([.left, .character("[")], .previousTab, "previous tab"),
                KeyBinding([.character("h")], .scrollLeft, "scroll left"),
                KeyBinding([.character("l")], .scrollRight, "scroll right", hint: true),
                KeyBinding([.character("w")], .toggleWrap, "wrap lines", hint: true),
                KeyBinding([.character("#")], .toggleLineNumbers, "line numbers"),
                KeyBinding([.character("U")], .toggleEscapes, "show \\u escapes decoded / as written"),
                KeyBinding([.character("R")], .toggleSecrets, "reveal / hide this response's secrets"),
                KeyBinding([.character("/")], .search, "search", hint: true),
                KeyBinding([.character("n")], .nextMatch, "next match"),
                KeyBinding([.character("N")], .previousMatch, "previous match"),
                KeyBinding([.character("f")], .filterJSON, "JSONPath filter ($.a[*].b)"),
                KeyBinding([.character("z")], .maximize, "maximise / restore the pane"),
                KeyBinding([.character("y")], .copy, "copy body or headers", hint: true),
                KeyBinding([.character("S")], .saveBody, "save the body to a file"),
                KeyBinding([.character("o")], .openPager, "open the body in $PAGER"),
                KeyBinding([.character("C")], .proposeCapture, "capture the JSON value at the match / top line"),
                KeyBinding([.character("x")], .saveExample, "save the response as an example (mock)"),
                KeyBinding([.enter], .activate, "events and messages: open the one selected whole / back"),
                KeyBinding([.character("p")], .ping, "WebSocket: ping"),
                KeyBinding([.character("P")], .sendSavedMessage, "WebSocket: send a saved message"),
                KeyBinding([.character("a")], .saveMessage, "WebSocket: save the Body tab's message in the file"),
                KeyBinding([.character("X")], .closeWithCode, "WebSocket: close with a code and reason"),
                KeyBinding([.character("r")], .reconnect, "WebSocket: connect again"),
            ],
        ],
        table: [
            KeyBinding([.up, .character("k")], .moveUp, "previous row"),
            KeyBinding([.down, .character("j")], .moveDown, "next row"),
            KeyBinding([.character("a")], .addRow, "add a row", hint: true),
            // Enter edits here rather than sends: a send is Ctrl-J, so one focus change too many cannot re-send.
            KeyBinding([.enter, .character("i")], .editRow, "edit the row", hint: true),
            KeyBinding([.character("d"), .delete], .deleteRow, "delete the row", hint: true),
            KeyBinding([.character(" ")], .toggleRow, "enable / disable", hint: true),
            KeyBinding([.character("K")], .moveRowUp, "move the row up"),
            KeyBinding([.character("J")], .moveRowDown, "move the row down"),
        ],
        tabs: [
            .body: [
                // i edits here as in every other table and field; fetching a schema is I.
                KeyBinding([.enter, .character("i")], .editBody, "edit the body (GraphQL: the query)", hint: true),
                KeyBinding([.character("I")], .introspect, "GraphQL: fetch the schema by introspection", hint: true),
                KeyBinding([.character("S")], .browseSchema, "GraphQL: browse the schema's types and fields"),
                KeyBinding([.character("t")], .pickBodyKind, "body kind: none, JSON, text, form, file…", hint: true),
                KeyBinding([.character("f")], .formatBody, "pretty-print the JSON"),
                KeyBinding([.character("v")], .editVariables, "GraphQL: edit the variables"),
            ],
            .auth: [
                KeyBinding([.up, .character("k")], .moveUp, "previous field"),
                KeyBinding([.down, .character("j")], .moveDown, "next field"),
                KeyBinding([.character("t")], .pickAuthKind, "kind of credentials", hint: true),
                KeyBinding([.enter, .character("i")], .editRow, "edit the field", hint: true),
                KeyBinding([.character(" ")], .toggleRow, "header / query (API key)"),
                KeyBinding([.character("f")], .fetchToken, "OAuth 2.0: fetch the token (browser or device code if needed)"),
                KeyBinding([.character("r")], .refreshToken, "OAuth 2.0: get a new token now"),
                KeyBinding([.character("F")], .forgetToken, "OAuth 2.0: forget the cached token"),
            ],
            .checks: [
                KeyBinding([.up, .character("k")], .moveUp, "previous row"),
                KeyBinding([.down, .character("j")], .moveDown, "next row"),
                KeyBinding([.character("a")], .addRow, "add a check, capture or need", hint: true),
                KeyBinding([.character("i")], .editRow, "edit the line", hint: true),
                KeyBinding([.character("d"), .delete], .deleteRow, "delete it", hint: true),
                KeyBinding([.character(" ")], .toggleRow, "capture: secret or not"),
            ],
            .scripts: [
                KeyBinding([.up, .character("k")], .moveUp, "the before script"),
                KeyBinding([.down, .character("j")], .moveDown, "the after script"),
                KeyBinding([.enter, .character("i")], .editRow, "edit the script (a file script: its path)", hint: true),
                KeyBinding([.character("d"), .delete], .deleteRow, "delete the script", hint: true),
            ],
            .options: [
                KeyBinding([.up, .character("k")], .moveUp, "previous option"),
                KeyBinding([.down, .character("j")], .moveDown, "next option"),
                KeyBinding([.enter, .character("i")], .editRow, "edit the timeout", hint: true),
                KeyBinding([.character(" ")], .toggleRow, "default / off / on", hint: true),
            ],
        ]
    )

    /// The bindings in force, most specific first: the tab's own, then the table's when the tab shows one.
    public func bindings(focus: Focus, tab: RequestTab? = nil, isTable: Bool = false) -> [KeyBinding] {
        guard focus == .request, let tab else { return (panes[focus] ?? []) + global }
        return (tab == .body && isTable ? [] : tabs[tab] ?? []) + (isTable ? table : []) + (tab == .body && isTable ? tabs[tab] ?? [] : [])
            + (panes[focus] ?? []) + global
    }

    /// The label of the first key bound to `action` where `focus` and `tab` are ("s", "Enter"), for texts that name
    /// a key; nil when no key is bound to it there.
    public func keyLabel(for action: AppAction, focus: Focus, tab: RequestTab? = nil, isTable: Bool = false) -> String? {
        bindings(focus: focus, tab: tab, isTable: isTable).first { $0.action == action && !$0.keys.isEmpty }?.keys.first?.label
    }

    /// The label of the first key besides the arrows bound to `action` where `focus` is ("j" for moving down in the
    /// vim map), for texts that name the arrows already; nil when only arrows are.
    public func keyLabelBesideArrows(for action: AppAction, focus: Focus) -> String? {
        let arrows: Set<Key> = [.up, .down, .left, .right]
        return bindings(focus: focus).first { $0.action == action }?.keys.first { !arrows.contains($0) }?.label
    }

    /// The label of the first key `mode` binds to `action`, for texts that name it; nil when none is bound.
    public func keyLabel(for action: AppAction, in mode: KeyMode) -> String? {
        modes[mode]?.first { $0.action == action && !$0.keys.isEmpty }?.keys.first?.label
    }

    /// "d deletes · D clears" for the pairs whose action `mode` binds, joined by `separator`.
    public func phrases(_ pairs: KeyValuePairs<AppAction, String>, in mode: KeyMode, separator: String = " · ") -> String {
        pairs.compactMap { pair in keyLabel(for: pair.key, in: mode).map { "\($0) \(pair.value)" } }.joined(separator: separator)
    }

    /// The action for a key in an overlay, prompt or field, if the mode binds it.
    public func action(for key: Key, in mode: KeyMode) -> AppAction? {
        modes[mode]?.first { $0.keys.contains(key) }?.action
    }

    /// The action for a key in the history list, if any.
    public func historyAction(for key: Key) -> AppAction? {
        history.first { $0.keys.contains(key) }?.action
    }

    /// The action for a key in a pane, if any.
    public func action(for key: Key, focus: Focus, tab: RequestTab? = nil, isTable: Bool = false) -> AppAction? {
        bindings(focus: focus, tab: tab, isTable: isTable).first { $0.keys.contains(key) }?.action
    }
}
