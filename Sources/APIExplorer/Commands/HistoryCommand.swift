import ArgumentParser
import ExplorerHistory
import Foundation

/// `apiexplorer history`: lists, shows, compares, exports and prunes the exchanges kept in the history database.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List, show, compare, export, prune or clear the exchanges history keeps.",
        discussion: """
            Every exchange sent by the explorer, `send` and `diff` is kept (secrets masked) in \
            history.sqlite in the state directory ($APIEXPLORER_STATE_DIR, else $XDG_STATE_HOME/apiexplorer, else \
            ~/.local/state/apiexplorer); \
            --history FILE or APIEXPLORER_HISTORY=FILE uses another file, APIEXPLORER_HISTORY=off keeps nothing. \
            Exchanges older than APIEXPLORER_HISTORY_MAX_AGE (default 90d; 0 or off keeps them) are removed whenever \
            a command other than prune and clear opens history.
            """,
        subcommands: [HistoryListCommand.self, HistoryShowCommand.self, HistoryDiffCommand.self, HistoryExportCommand.self, HistoryPruneCommand.self,
                      HistoryClearCommand.self],
        defaultSubcommand: HistoryListCommand.self
    )

    /// Opens the store a `history` subcommand reads, or exits 1 saying why it cannot. With `ageingOut` the exchanges
    /// past the maximum age go first; prune and clear pass false, so the count they report is all they removed.
    static func openStore(file: String?, ageingOut: Bool = true) throws -> HistoryStore {
        ConfigOptions.applyHistoryLocation()
        let settings = HistorySettings.resolve(file: file, disabled: false)
        guard let path = settings.path else {
            StandardError.write("error: " + (settings.problem ?? "history is off (APIEXPLORER_HISTORY=off); pass --history FILE to read one"))
            throw ExitCode(.failed)
        }
        // Reading never creates a file: a mistyped --history would otherwise be an empty history.
        guard FileManager.default.fileExists(atPath: path) else {
            StandardError.write("error: no history yet: \(path) does not exist (it is created by the first request sent)")
            throw ExitCode(.failed)
        }
        do {
            let store = try HistoryStore(path: path, limits: settings.limits)
            // Before reading, so a list never shows what every other command would already have removed.
            if ageingOut { settings.ageOut(store) }
            return store
        } catch {
            StandardError.write("error: " + error.description)
            throw ExitCode(.failed)
        }
    }
}
