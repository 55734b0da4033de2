import ExplorerCore
import Foundation
import Logging
import MCP

/// The Model Context Protocol server: `tools/list` answers the catalog and `tools/call` goes to the toolbox, over
/// standard input and output (one JSON-RPC message per line). Standard output carries the protocol alone; the server's
/// own log goes to standard error.
public struct ExplorerMCPServer: Sendable {
    /// Carries out the tool calls.
    public let toolbox: MCPToolbox

    /// A server whose tools `toolbox` carries out.
    public init(toolbox: MCPToolbox) {
        self.toolbox = toolbox
    }

    /// What an agent is told about the server when it connects.
    static let instructions = """
        apiexplorer's saved API requests. list_requests shows the references the other tools take; show_request shows \
        one without sending it; send_request sends one and returns the response and its checks; run sends a collection \
        or folder as a test suite; search_history finds earlier exchanges. Secret values are masked as ••••••.
        """

    /// Serves on standard input and output until the client closes standard input.
    public func run() async throws {
        var logger = Logger(label: "apiexplorer.mcp") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = ProcessInfo.processInfo.environment["APIEXPLORER_MCP_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        try await serve(on: StdioTransport(logger: logger))
    }

    /// Serves over `transport` until it closes.
    public func serve(on transport: any Transport) async throws {
        let server = Server(name: "apiexplorer", version: ExplorerCoreInfo.version, title: "apiexplorer",
                            instructions: ExplorerMCPServer.instructions,
                            capabilities: Server.Capabilities(tools: Server.Capabilities.Tools(listChanged: false)))
        let toolbox = self.toolbox
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: MCPToolCatalog.tools) }
        await server.withMethodHandler(CallTool.self) { parameters in
            await toolbox.call(parameters.name, arguments: parameters.arguments)
        }
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
        await server.stop()
    }
}
