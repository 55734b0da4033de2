/// The key help, generated from a `KeyMap`: what the help overlay (`?`) shows and what the README's key list is.
public struct KeyHelp: Sendable {
    /// The groups, panes first, then the request tabs, the history list, each overlay and field, and text editing.
    public var sections: [KeyHelpSection]

    /// The help for `keyMap`.
    public init(_ keyMap: KeyMap) {
        func hints(_ bindings: [KeyBinding]) -> [KeyHint] {
            bindings.map { KeyHint(keys: $0.keys, label: $0.help) }
        }
        var sections = [
            KeyHelpSection(title: "Everywhere", entries: hints(keyMap.global)),
            KeyHelpSection(title: "Collections tree", entries: hints(keyMap.panes[.tree] ?? [])),
            KeyHelpSection(title: "Request", entries: hints(keyMap.panes[.request] ?? [])),
            KeyHelpSection(title: "Tables (Params, Headers, form fields)", entries: hints(keyMap.table)),
        ]
        for tab in RequestTab.allCases {
            guard let bindings = keyMap.tabs[tab], !bindings.isEmpty else { continue }
            sections.append(KeyHelpSection(title: "\(tab.title) tab", entries: hints(bindings)))
        }
        sections.append(KeyHelpSection(title: "Response", entries: hints(keyMap.panes[.response] ?? [])))
        sections.append(KeyHelpSection(title: "History list (H, L)", entries: hints(keyMap.history), topic: .history))
        // The keys that move in a picker's list depend on the preset (j/k, Ctrl-N/Ctrl-P, none for arrows).
        let listKeys = (keyMap.modes[.pickerList] ?? []).flatMap(\.keys).map(\.label)
        for mode in KeyMode.allCases {
            guard var title = KeyHelp.title(of: mode), let bindings = keyMap.modes[mode], !bindings.isEmpty else { continue }
            if mode == .picker { title = listKeys.isEmpty ? "Pickers (method, body kind, folder)" : title.replacingOccurrences(of: "j/k", with: listKeys.reversed().joined(separator: "/")) }
            sections.append(KeyHelpSection(title: title, entries: hints(bindings), topic: .mode(mode)))
        }
        sections.append(KeyHelpSection(title: "Editing text (body editor, fields)", entries: keyMap.editing))
        self.sections = sections
    }

    /// The help for `keyMap` with the keys of `topic` first (and the fields of an overlay's form right after it), so
    /// `?` in an overlay shows that overlay's keys before the main screen's.
    public init(_ keyMap: KeyMap, first topic: KeyHelpTopic?) {
        self.init(keyMap)
        guard let topic else { return }
        var leading: [KeyHelpTopic] = [topic]
        if topic == .mode(.environmentEditor) || topic == .mode(.environmentField) {
            leading = [.mode(.environmentEditor), .mode(.environmentField)]
        }
        let first = leading.compactMap { wanted in sections.first { $0.topic == wanted } }
        sections = first + sections.filter { section in !first.contains(section) }
    }

    /// The section title for a mode's keys, or nil for modes help does not list.
    static func title(of mode: KeyMode) -> String? {
        switch mode {
        case .anywhere, .terminalCheck, .help, .pickerList: return nil
        case .quitConfirmation: return "Quit with unsaved edits"
        case .confirmation: return "Questions (delete, send invalid JSON, replace with curl)"
        case .picker: return "Pickers (method, body kind, folder; j/k move when not typing)"
        case .form: return "Forms (new request, folder, rename, duplicate, save body)"
        case .environmentPicker: return "Environment picker (e)"
        case .toolPanel: return "Export and compare (x, D)"
        case .loadPanel: return "Load test (W)"
        case .importPrompt: return "Import prompt (I)"
        case .valuePrompt: return "Prompt before a send ({{$prompt Label}})"
        case .treeFilter: return "Tree filter (/)"
        case .search: return "Response search (/)"
        case .jsonFilter: return "JSONPath filter (f)"
        case .historyFilter: return "History filter (/ in the list)"
        case .urlField: return "URL line (u)"
        case .rowEditor: return "Table row being edited"
        case .valueEditor: return "Value being edited (Auth, Options, body file)"
        case .bodyEditor: return "Body editor (Enter on the Body tab)"
        case .messageList: return "Recent messages (!)"
        case .environmentEditor: return "Environment editor (e, then E)"
        case .environmentField: return "Environment editor fields"
        case .schemaView: return "GraphQL Schema view (S on the Body tab)"
        case .cookieList: return "Cookies view (Ctrl-K)"
        case .palette: return "Command palette (Ctrl-P or :; typing filters)"
        case .captureList: return "Capture view (B: what apiexplorer proxy recorded)"
        }
    }

    /// The sections as the README lists them: one bullet per section, each key in backticks.
    public var markdown: String {
        sections.map { section in
            "- **\(section.title)**: " + section.entries.map { "`\($0.key)` \($0.label)" }.joined(separator: " · ")
        }.joined(separator: "\n") + "\n"
    }
}
