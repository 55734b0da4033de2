import ExplorerCore
import ExplorerFormats
import ExplorerLoad
import ExplorerWorkspace

/// What an overlay asks of the shell after a key it took: nothing more, to be closed, or an answer only the shell
/// (or the pane the question came from) can act on.
public enum ModalReply: Sendable, Equatable {
    /// The overlay changed itself, or the key did nothing; it stays open.
    case handled
    /// Close it.
    case closed
    /// Quit, unsaved edits and all.
    case quit
    /// A dialog answered: Enter on a form's last field or on a picker, y to a question.
    case submitted(Dialog)
    /// Enter on an environment in the picker (its index in the collection).
    case pickedEnvironment(Int)
    /// s on an environment in the picker: keep its captured values in a file.
    case saveCaptures(Int)
    /// Enter in the import prompt, with the command.
    case importCommand(String)
    /// Enter on an environment to compare with (its index among the candidates).
    case compareWith(Int)
    /// Put this text on the clipboard (`what` names it in the status line).
    case copy(text: String, what: String)
    /// Tab in an export: the same request in this format.
    case nextFormat(ExportFormat)
    /// The comparison started from the history list closed: show the list again.
    case backToHistory(HistoryPanel)
    /// Open the key help in the overlay's place, as any overlay replaces another.
    case help
    /// The history list's filters changed: read it again.
    case relist
    /// Show this kept exchange in the response pane.
    case openExchange(Int64)
    /// Send this kept exchange again.
    case replay(HistoryEntry)
    /// s in the Capture view: save this kept exchange as a request in the tree's folder.
    case saveExchange(HistoryEntry)
    /// E in the environment picker: open the environment editor on the environment at this index.
    case editEnvironments(Int)
    /// Write this change to the collection's environments (the editor stays open and shows it once read back).
    case changeEnvironment(EnvironmentChange)
    /// Enter in a `{{$prompt Label}}`: the answer, kept for the session, and the send goes on.
    case answeredPrompt(label: String, value: String)
    /// Compare exchanges of this list (the marked one and the selected one, or the selected one and the live one).
    case compare(HistoryPanel)
    /// d in the Cookies view: remove this cookie from the jar.
    case removeCookie(CookieRecord)
    /// y to "clear all" in the Cookies view: empty the jar.
    case clearCookies
    /// Enter on a palette row.
    case paletteChose(PaletteItem)
    /// Enter in the load panel: run this test on the selected request.
    case startLoad(LoadPlan)
    /// Esc in the load panel while the test with this id runs: stop it.
    case stopLoad(Int)
}
