import ArgumentParser
import ExplorerCore
import ExplorerGRPC
import ExplorerWorkspace

/// `apiexplorer grpc list URL`: each service, and under it each method with its kind and message types.
struct GRPCListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the services and methods of a gRPC server.")

    @OptionGroup var server: GRPCServerOptions

    func run() async throws {
        let schema = try await server.schema()
        var lines: [String] = []
        for service in schema.services {
            lines.append(service.fullName)
            let width = service.methods.map(\.name.count).max() ?? 0
            for method in service.methods {
                let name = method.name.padding(toLength: width, withPad: " ", startingAt: 0)
                let kind = method.kind.padding(toLength: 23, withPad: " ", startingAt: 0)
                lines.append("  \(name)  \(kind)  \(method.inputType) → \(method.outputType)")
            }
        }
        if schema.services.isEmpty { lines.append("(no services)") }
        print(TerminalSafeText.sanitizedLines(utf8: Array(lines.joined(separator: "\n").utf8)).joined(separator: "\n"))
    }
}
