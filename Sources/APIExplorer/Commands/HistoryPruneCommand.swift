import ArgumentParser
import ExplorerHistory
import ExplorerWorkspace
import Foundation

/// `apiexplorer history prune --keep N | --older-than 30d`.
struct HistoryPruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove old exchanges: all but the newest N, or those older than an age (30d, 12h, 2w)."
    )

    @Option(name: .long, help: "Keep only the newest N exchanges.")
    var keep: Int?

    @Option(name: .customLong("older-than"), help: "Remove exchanges older than this: a number with s, m, h, d or w (30d).")
    var olderThan: String?

    @Option(name: .customLong("history"), help: "The history database to prune.")
    var file: String?

    func validate() throws {
        guard (keep == nil) != (olderThan == nil) else { throw ValidationError("prune takes one of --keep N or --older-than AGE") }
        if let keep, keep < 0 { throw ValidationError("--keep must be 0 or more") }
        if let olderThan, HistoryAge(olderThan)?.hasUnit != true {
            throw ValidationError("--older-than takes a number and a unit (s, m, h, d or w), e.g. 30d; got '\(olderThan)'")
        }
    }

    func run() throws {
        let store = try HistoryCommand.openStore(file: file, ageingOut: false)
        do {
            let removed: Int
            if let keep {
                removed = try store.prune(keep: keep)
            } else {
                removed = try store.prune(olderThan: Date().addingTimeInterval(-(olderThan.flatMap(HistoryAge.init)?.seconds ?? 0)))
            }
            print("Removed \(removed) exchange\(removed == 1 ? "" : "s"); \(try store.count()) kept.")
        } catch {
            StandardError.write("error: " + error.description)
            throw ExitCode(.failed)
        }
    }
}
