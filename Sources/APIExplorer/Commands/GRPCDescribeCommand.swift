import ArgumentParser
import ExplorerCore
import ExplorerGRPC
import ExplorerWorkspace

/// `apiexplorer grpc describe URL SYMBOL`: a service, method, message or enum as `.proto` declares it; for a message
/// or method, an example message in proto3 JSON too.
struct GRPCDescribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "describe", abstract: "Describe a service, method, message or enum of a gRPC server.")

    @OptionGroup var server: GRPCServerOptions

    @Argument(help: "shop.v1.Inventory, shop.v1.Inventory/GetItem, shop.v1.Item or shop.v1.Color.")
    var symbol: String

    func run() async throws {
        let schema = try await server.schema()
        var text: String
        do { text = try ProtoDescriber.describe(symbol, in: schema) } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(.failed)
        }
        let message = (try? schema.method(symbol))?.inputType ?? (schema.messages[symbol] != nil ? symbol : nil)
        if let message { text += "\nExample \(message) in JSON:\n" + ProtoExample.json(for: message, in: schema) + "\n" }
        print(TerminalSafeText.sanitizedLines(utf8: Array(text.utf8)).joined(separator: "\n"), terminator: "")
    }
}
