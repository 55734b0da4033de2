/// What is open over the panes, if anything. One value, so two can never be open at once, and Esc or a new one
/// replaces whatever was there.
public enum Modal: Sendable, Equatable {
    /// The key help, scrolled by this many lines; opened over an overlay, it lists that overlay's keys first and
    /// goes back to it when closed.
    indirect case help(scroll: Int, over: Modal? = nil)
    /// Quit with unsaved edits? (y quits).
    case quitConfirmation
    /// The environment picker, with its selection.
    case environmentPicker(selection: Int)
    /// The export or compare panel, and the history list to go back to when it closes (a comparison started there).
    case tool(ToolPanel, returnTo: HistoryPanel? = nil)
    /// The prompt for a curl command to import.
    case importPrompt(TextField)
    /// A picker, a name form or a yes/no question.
    case dialog(Dialog)
    /// The history list.
    case history(HistoryPanel)
    /// The recent status messages (`!`).
    case messages(MessageList)
    /// The environment editor.
    case environments(EnvironmentEditor)
    /// A GraphQL request's Schema view.
    case schema(SchemaBrowser)
    /// A `{{$prompt Label}}` asked before a send.
    case valuePrompt(ValuePrompt)
    /// The Cookies view of the jar in use.
    case cookies(CookiePanel)
    /// The command palette.
    case palette(CommandPalette)
    /// The load-test panel.
    case load(LoadPanel)
}

extension Modal {
    /// The open dialog, when this is one.
    public var dialog: Dialog? { if case let .dialog(dialog) = self { dialog } else { nil } }
    /// The environment picker's selection, when this is the picker.
    public var environmentPicker: Int? { if case let .environmentPicker(selection) = self { selection } else { nil } }
    /// How far the help is scrolled, when this is the help.
    public var helpScroll: Int? { if case let .help(scroll, _) = self { scroll } else { nil } }
    /// The keys the help lists first when opened over this overlay: its own.
    public var helpTopic: KeyHelpTopic? {
        switch self {
        case .history: .history
        case let .environments(editor): .mode(editor.prompt == nil ? .environmentEditor : .environmentField)
        case .cookies: .mode(.cookieList)
        case .messages: .mode(.messageList)
        case .schema: .mode(.schemaView)
        case .tool: .mode(.toolPanel)
        case .palette: .mode(.palette)
        case .load: .mode(.loadPanel)
        case .environmentPicker: .mode(.environmentPicker)
        case .help, .quitConfirmation, .importPrompt, .dialog, .valuePrompt: nil
        }
    }
    /// The load panel, when this is it.
    public var loadPanel: LoadPanel? { if case let .load(panel) = self { panel } else { nil } }
    /// The export or compare panel, when this is it.
    public var toolPanel: ToolPanel? { if case let .tool(panel, _) = self { panel } else { nil } }
    /// The curl command being pasted, when this is the import prompt.
    public var importField: TextField? { if case let .importPrompt(field) = self { field } else { nil } }
    /// The history list, when this is it.
    public var historyPanel: HistoryPanel? { if case let .history(panel) = self { panel } else { nil } }
    /// The environment editor, when this is it.
    public var environmentEditor: EnvironmentEditor? { if case let .environments(editor) = self { editor } else { nil } }
    /// The Schema view, when this is it.
    public var schemaBrowser: SchemaBrowser? { if case let .schema(browser) = self { browser } else { nil } }
    /// The prompt asked before a send, when this is it.
    public var valuePrompt: ValuePrompt? { if case let .valuePrompt(prompt) = self { prompt } else { nil } }
    /// The Cookies view, when this is it.
    public var cookiePanel: CookiePanel? { if case let .cookies(panel) = self { panel } else { nil } }
    /// The command palette, when this is it.
    public var palette: CommandPalette? { if case let .palette(palette) = self { palette } else { nil } }
}
