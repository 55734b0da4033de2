import ArgumentParser
import ExplorerHistory
import Foundation

/// `apiexplorer history clear`: removes every kept exchange.
struct HistoryClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove every kept exchange (the file stays, empty)."
    )

    @Option(name: .customLong("history"), help: "The history database to clear.")
    var file: String?

    func run() throws {
        let store = try HistoryCommand.openStore(file: file, ageingOut: false)
        do {
            let removed = try store.clear()
            print("Removed \(removed) exchange\(removed == 1 ? "" : "s").")
        } catch {
            StandardError.write("error: " + error.description)
            throw ExitCode(.failed)
        }
    }
}
