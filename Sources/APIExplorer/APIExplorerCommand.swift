import ArgumentParser
import CNcurses
import ExplorerCore
import ExplorerTUI
import Foundation

/// The `apiexplorer` command: the explorer itself, and subcommands for scripts.
@main
struct APIExplorerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apiexplorer",
        abstract: "A terminal API explorer: browse saved collections, switch environments, send requests, read responses.",
        discussion: """
            Run with no subcommand to open the full-screen explorer on ./Collections (? shows the keys).
            """,
        version: APIExplorerCommand.versionText,
        subcommands: [ListCommand.self, EnvsCommand.self, SendCommand.self, ServeDemoCommand.self, TerminalCheckCommand.self],
        defaultSubcommand: nil
    )

    /// `apiexplorer 0.1.0 (ncurses 6.4.x)`: naming the linked ncurses proves the terminal library is there.
    static var versionText: String {
        "apiexplorer \(ExplorerCoreInfo.version) (\(String(cString: cn_version())))"
    }

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "The environment to start in (default: each collection's default).")
    var env: String?

    mutating func run() async throws {
        let store = CollectionStore(directory: options.directory())
        let result = store.load()
        if result.collections.isEmpty, let problem = result.errors.first, problem.location.file == store.directory {
            StandardError.write("error: \(problem.description). Pass --collections DIR, or create ./Collections.")
            throw ExitCode(1)
        }
        let model = ExplorerModel(collections: result.collections, problems: result.problems, loadedFiles: result.loadedFiles,
                                  environment: env)
        do {
            try await ExplorerRunLoop(model: model).run()
        } catch let error as NcursesTerminal.StartError {
            StandardError.write("error: \(error.description)")
            throw ExitCode(1)
        }
    }
}
