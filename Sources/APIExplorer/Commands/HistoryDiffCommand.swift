import ArgumentParser
import ExplorerCore
import ExplorerHistory
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerWorkspace
import ExplorerChecks

/// `apiexplorer history diff A B`: how two kept exchanges' responses differ, as `diff` shows it.
struct HistoryDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare the responses of two kept exchanges (status, headers, JSON paths or lines).",
        discussion: "Exit codes: 0 the same; 1 they differ; 2 trouble (an id not found, or an exchange without a response)."
    )

    @Argument(help: "The first exchange's id.")
    var first: Int64

    @Argument(help: "The second exchange's id.")
    var second: Int64

    @Option(name: .customLong("ignore-header"), help: "A response header not to compare, besides Date (repeatable).")
    var ignoredHeaders: [String] = []

    @Option(name: .customLong("history"), help: "The history database to read.")
    var file: String?

    func run() throws {
        let store: HistoryStore
        do { store = try HistoryCommand.openStore(file: file) } catch { throw ExitCode(.trouble) }
        var exchanges: [HistoryExchange] = []
        for id in [first, second] {
            guard let exchange = try? store.exchange(id: id), exchange.response != nil else {
                StandardError.write("error: exchange \(id) \((try? store.exchange(id: id)) == nil ? "is not in \(store.path)" : "got no response")")
                throw ExitCode(.trouble)
            }
            exchanges.append(exchange)
        }
        let comparison = HistoryComparison(exchanges[0], exchanges[1], ignoring: ["Date"] + ignoredHeaders)
        let lines = comparison.report()
        let noColor = StandardOutput.noColorRequested
        let useColor = isatty(STDOUT_FILENO) == 1 && !noColor
        FileHandle.standardOutput.write(Data((lines.map { DiffCommand.paint($0, useColor: useColor) }.joined(separator: "\n") + "\n").utf8))
        if !comparison.isIdentical { throw ExitCode(.failed) }
    }
}
