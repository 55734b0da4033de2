import ArgumentParser
import CNcurses
import ExplorerCore
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
        subcommands: [ExploreCommand.self, ListCommand.self, EnvsCommand.self, SendCommand.self, RunCommand.self, LoadCommand.self, AuthCommand.self, ImportCommand.self, ExportCommand.self, GRPCCommand.self, ProxyCommand.self, DiffCommand.self, HistoryCommand.self, ConfigCommand.self, CookiesCommand.self, ServeDemoCommand.self, MockCommand.self, McpCommand.self, TerminalCheckCommand.self, TrustCommand.self],
        defaultSubcommand: ExploreCommand.self
    )

    /// Answers `--version` before the parser does: ArgumentParser reflects over every subcommand's options before it
    /// looks at the arguments, a fifth of the CPU of `apiexplorer --version` (perf), which scripts call often.
    static func main() async {
        if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) {
            print(versionText)
            return
        }
        await main(nil)
    }

    /// `apiexplorer 0.1.0 (ncurses 6.4.x)`: naming the linked ncurses proves the terminal library is there.
    static var versionText: String {
        "apiexplorer \(ExplorerCoreInfo.version) (\(String(cString: cn_version())))"
    }
}
