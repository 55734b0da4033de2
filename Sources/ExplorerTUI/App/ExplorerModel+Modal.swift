/// Views of `modal` by kind. Setting one opens it in place of whatever was open; clearing one closes it only if it is
/// the one open, so closing a stale kind never closes another.
extension ExplorerModel {
    /// An open dialog: a picker, a name form or a confirmation.
    public var dialog: Dialog? {
        get { if case let .dialog(dialog)? = modal { dialog } else { nil } }
        set { set(newValue.map(Modal.dialog)) { if case .dialog = $0 { true } else { false } } }
    }

    /// The environment picker's selection, when open.
    public var environmentPicker: Int? {
        get { if case let .environmentPicker(selection)? = modal { selection } else { nil } }
        set { set(newValue.map { Modal.environmentPicker(selection: $0) }) { if case .environmentPicker = $0 { true } else { false } } }
    }

    /// True while the help overlay is open.
    public var showingHelp: Bool {
        get { if case .help? = modal { true } else { false } }
        set { set(newValue ? .help(scroll: showingHelp ? helpScroll : 0) : nil) { if case .help = $0 { true } else { false } } }
    }

    /// Lines the help overlay is scrolled by, when it does not fit on screen.
    public var helpScroll: Int {
        get { if case let .help(scroll)? = modal { scroll } else { 0 } }
        set { if case .help? = modal { modal = .help(scroll: newValue) } }
    }

    /// True while asking whether to quit with unsaved edits.
    public var confirmingQuit: Bool {
        get { modal == .quitConfirmation }
        set { set(newValue ? .quitConfirmation : nil) { $0 == .quitConfirmation } }
    }

    /// The export / compare panel, when open.
    public var toolPanel: ToolPanel? {
        get { if case let .tool(panel)? = modal { panel } else { nil } }
        set { set(newValue.map(Modal.tool)) { if case .tool = $0 { true } else { false } } }
    }

    /// The curl command being pasted, while the import prompt is open.
    public var importField: TextField? {
        get { if case let .importPrompt(field)? = modal { field } else { nil } }
        set { set(newValue.map(Modal.importPrompt)) { if case .importPrompt = $0 { true } else { false } } }
    }

    /// The history list, when open.
    public var historyPanel: HistoryPanel? {
        get { if case let .history(panel)? = modal { panel } else { nil } }
        set { set(newValue.map(Modal.history)) { if case .history = $0 { true } else { false } } }
    }

    private mutating func set(_ new: Modal?, isSameKind: (Modal) -> Bool) {
        modal = OneOfAKind.setting(modal, to: new, isSameKind: isSameKind)
    }
}
