import ArgumentParser
import ExplorerHistory

/// `--history FILE` and `--no-history`, shared by the commands that send (explore, send, diff).
struct HistoryOptions: ParsableArguments {
    @Option(name: .customLong("history"), help: "The history database (default: $APIEXPLORER_HISTORY, else history.sqlite in the state directory: $APIEXPLORER_STATE_DIR, else $XDG_STATE_HOME/apiexplorer).")
    var file: String?

    @Flag(name: .customLong("no-history"), help: "Do not record this run's exchanges (also APIEXPLORER_HISTORY=off).")
    var disabled = false

    /// Where history goes for this run.
    var settings: HistorySettings { HistorySettings.resolve(file: file, disabled: disabled) }
}
