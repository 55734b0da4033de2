import ArgumentParser
import ExplorerCore
import ExplorerWorkspace
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerFormats

/// `apiexplorer export KIND REF`: prints a saved request as a curl command, Swift source or a `.http` entry.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print a saved request as a curl command, Swift source (ExplorerCore) or a .http file entry.",
        discussion: """
            The request is resolved as `send` would send it: environment, variables, headers, credentials and body. \
            Secret values are printed as •••••• unless --show-secrets. File bodies and uploads are referred to by \
            absolute path. An environment whose baseURL is builtin:demo is exported with http://127.0.0.1:8787, where \
            `apiexplorer serve-demo` listens. Exit codes: 0 printed; 1 collection error (including an unresolved variable); \
            64 usage error (an unknown option or a missing argument).
            """
    )

    @Argument(help: "curl, swift or http.")
    var kind: ExportFormat

    @Argument(help: "The request: collection/folder/request, as shown by `apiexplorer list`.")
    var reference: String

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "The environment (default: the config file's for the collection, else the collection's default).")
    var env: String?

    @OptionGroup var config: ConfigOptions

    @OptionGroup var requestOptions: RequestOptions

    @Flag(name: .long, help: "Print secret values instead of masking them.")
    var showSecrets = false

    /// Where `apiexplorer serve-demo` listens by default, used for `builtin:demo` environments.
    static let demoBaseURL = URL(string: "http://127.0.0.1:8787")

    func run() async throws {
        let configFile = try config.load()
        let result = try options.load(about: reference)
        let target = try RequestReference.find(reference, in: result)
        let environment = try ConfigOptions.environment(env, for: target, in: configFile)
        if environment?.usesBuiltInDemo == true {
            StandardError.write("note: environment '\(environment?.name ?? "")' uses the built-in demo API; the export uses http://127.0.0.1:8787, so run `apiexplorer serve-demo` before using it.")
        }
        let resolved = try target.resolve(environment: environment, options: requestOptions, demoBaseURL: ExportCommand.demoBaseURL, context: SendContext())
        var text = RequestExporter(showSecrets: showSecrets).export(resolved, as: kind)
        // Exact bytes for a pipe or a file; on a terminal, control characters are made visible rather than obeyed.
        if isatty(STDOUT_FILENO) == 1 {
            text = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalSafeText.sanitize(String($0)) }.joined(separator: "\n")
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
