import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Runs the effects that take the terminal over for a moment (the clipboard's escape sequence, the pager, `$EDITOR`)
/// on the loop, and gives back the message that answers them.
enum TerminalEffectRunner {
    /// Runs `effect` if it is one of these and returns its answer (naming `keyMap`'s keys); nil for other effects.
    static func run(_ effect: AppEffect, terminal: NcursesTerminal, reload: (@Sendable () -> CollectionLoadResult?)?, keyMap: KeyMap) -> AppMessage? {
        switch effect {
        case let .copy(text, what):
            let method = Clipboard.copy(text, writeToTerminal: terminal.writeRaw)
            return .reported(.copied(what: what, method: method))
        case let .openPager(document, data):
            return .reported(PagerRunner.run(document: document, data: data, terminal: terminal))
        case let .openEditor(edit):
            return .editorFinished(ExternalEditorRunner.run(edit, terminal: terminal, reload: reload, keyMap: keyMap))
        default:
            return nil
        }
    }
}
