/// A state whose keys the key map holds besides the panes': an overlay, a prompt, or a field being edited.
public enum KeyMode: Sendable, Hashable, CaseIterable {
    /// Keys that work whatever is open (Ctrl-C).
    case anywhere
    /// Quit with unsaved edits?
    case quitConfirmation
    /// A yes/no question.
    case confirmation
    /// The help overlay.
    case help
    /// A list to pick from (method, body kind, folder), with a line to type a value of one's own.
    case picker
    /// The picker's list while its own line is not being typed in (j and k move).
    case pickerList
    /// A form of named fields (new request, rename).
    case form
    /// The environment picker.
    case environmentPicker
    /// The export and compare panel.
    case toolPanel
    /// The load-test panel.
    case loadPanel
    /// The prompt for a curl command to import.
    case importPrompt
    /// A `{{$prompt Label}}` asked before a send.
    case valuePrompt
    /// The tree filter being typed.
    case treeFilter
    /// The body search being typed.
    case search
    /// The response's JSONPath filter being typed.
    case jsonFilter
    /// The history list's text filter being typed.
    case historyFilter
    /// The URL line being edited.
    case urlField
    /// A table row being edited.
    case rowEditor
    /// An Auth or Options value, or a body file path, being edited.
    case valueEditor
    /// The body editor.
    case bodyEditor
    /// The log of recent status messages.
    case messageList
    /// The environment editor's rows (an environment's keys and variables).
    case environmentEditor
    /// A value being typed in the environment editor.
    case environmentField
    /// `apiexplorer terminal-check`, which shows every other key it reads.
    case terminalCheck
    /// The Schema view of a GraphQL request: its types, and the highlighted one's fields.
    case schemaView
    /// The Cookies view (Ctrl-K): the jar of the collection and environment in use.
    case cookieList
    /// The command palette (Ctrl-P or `:`); keys it does not bind edit its query.
    case palette
    /// The Capture view (`B`): the exchanges `apiexplorer proxy` recorded.
    case captureList
}
