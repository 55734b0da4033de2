/// What is open over the panes, if anything. One value, so two can never be open at once, and Esc or a new one
/// replaces whatever was there.
public enum Modal: Sendable, Equatable {
    /// The key help, scrolled by this many lines.
    case help(scroll: Int)
    /// Quit with unsaved edits? (y quits).
    case quitConfirmation
    /// The environment picker, with its selection.
    case environmentPicker(selection: Int)
    /// The export or compare panel.
    case tool(ToolPanel)
    /// The prompt for a curl command to import.
    case importPrompt(TextField)
    /// A picker, a name form or a yes/no question.
    case dialog(Dialog)
    /// The history list.
    case history(HistoryPanel)
}
