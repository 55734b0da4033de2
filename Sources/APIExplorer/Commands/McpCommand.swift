import ArgumentParser
import ExplorerCore
import ExplorerMCP
import ExplorerScripts
import ExplorerWorkspace
import Foundation

/// `apiexplorer mcp`: the collections as a Model Context Protocol server on standard input and output, for an agent.
struct McpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the collections to an agent as a Model Context Protocol server on stdin/stdout.",
        discussion: """
            Tools: list_requests, show_request, send_request, run and search_history. Requests are sent as `send` and \
            `run` send them (trust, scripts, cookies, credentials; history keeps them with source mcp), with every \
            secret masked in what the tools return. {{$command …}} values and {{$prompt …}} questions are never run: \
            such a request is refused, naming the variable to give instead. An environment marked protected: true is \
            refused unless --allow-protected. Standard output carries the protocol alone; messages go to standard \
            error. The server ends when the client closes standard input.
            """
    )

    @OptionGroup var options: CollectionsOptions

    @Flag(name: .long, help: "Send and run in environments marked protected: true too (refused by default).")
    var allowProtected = false

    @OptionGroup var historyOptions: HistoryOptions
    @OptionGroup var config: ConfigOptions
    @OptionGroup var cookieOptions: CookieOptions

    func run() async throws {
        let configFile = try config.load()
        let settings = config.apply(configFile, flags: ConfigFlags(historyFile: historyOptions.file, noHistory: historyOptions.disabled,
                                                                   noCookies: cookieOptions.disabled))
        let context = try cookieOptions.context(configEnabled: settings.cookiesEnabled)
        defer { context.finish() }
        let launcher = DemoServerLauncher()
        let history = HistoryRecorder(settings: historyOptions.settings)
        history.openInBackground()
        // No prompter: a {{$prompt}} fails rather than wait for a terminal no one is at.
        let gate = TrustGate(trustsAll: false, prompter: nil, refusesCommands: true)
        let pipeline = SendPipeline(demo: launcher, history: history, source: "mcp", prompter: nil, trustGate: gate,
                                    scripts: LazyScriptEngine(timeLimit: settings.scriptTimeout))
        let host = MCPPipelineHost(pipeline: pipeline, trustGate: gate, context: context, history: history)
        let toolbox = MCPToolbox(settings: MCPSettings(collectionsDirectory: options.directory(), allowsProtected: allowProtected,
                                                       config: configFile),
                                 host: host)
        StandardError.write("apiexplorer mcp: serving \(options.directory()) on stdin/stdout\(allowProtected ? " (protected environments allowed)" : "")")
        do {
            try await ExplorerMCPServer(toolbox: toolbox).run()
        } catch {
            StandardError.write("error: \(error)")
            await launcher.stop()
            throw ExitCode(.trouble)
        }
        await launcher.stop()
        _ = await history.withStore { _ in true }
    }
}
