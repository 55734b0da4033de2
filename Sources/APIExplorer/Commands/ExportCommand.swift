import ArgumentParser
import ExplorerCore
import ExplorerWorkspace
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerChecks
import ExplorerFormats
import ExplorerLoad

/// `apiexplorer export KIND REF`: prints a saved request as a command (curl, HTTPie, wget), code (Swift, Python,
/// JavaScript, Java, Go), a `.http` entry or a k6 script.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print a saved request as a curl, HTTPie or wget command, code (Swift, Python, JavaScript, Java, Go), a .http entry or a k6 script.",
        discussion: """
            The request is resolved as `send` would send it: environment, variables, headers, credentials and body. \
            Secret values are printed as •••••• unless --show-secrets. File bodies and uploads are referred to by \
            absolute path. python uses requests; javascript uses fetch (Node 18+ and browsers); httpie writes an `http` \
            command; java is one file run with `java SendRequest.java` (java.net.http); go uses net/http; swift uses \
            ExplorerCore. An environment whose baseURL is builtin:demo is exported with http://127.0.0.1:8787, where \
            `apiexplorer serve-demo` listens. k6 writes a k6 load-test script of the request and the requests it needs, \
            in order (captured values passed on), its checks as check() and the load options (--rate or --concurrency, \
            --duration or --requests, --ramp, --warmup, --threshold) as k6 options; what k6 cannot say the same way \
            is left as a comment. Exit codes: 0 printed; 1 collection error (including an unresolved variable); 64 usage \
            error (an unknown option or a missing argument).
            """
    )

    @Argument(help: "\(ExportFormat.kindList) or k6.", completion: ShellCompletion.exportKinds)
    var kind: String

    @Argument(help: "The request: collection/folder/request, as shown by `apiexplorer list`.", completion: ShellCompletion.references)
    var reference: String

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "The environment (default: the config file's for the collection, else the collection's default).", completion: ShellCompletion.environments)
    var env: String?

    @OptionGroup var config: ConfigOptions

    @OptionGroup var requestOptions: RequestOptions

    @Flag(name: .long, help: "Print secret values instead of masking them.")
    var showSecrets = false

    @OptionGroup var load: LoadOptions

    mutating func validate() throws {
        guard kind == "k6" || ExportFormat(rawValue: kind) != nil else { throw ValidationError("export takes \(ExportFormat.kindList) or k6, got '\(kind)'") }
        if kind == "k6" {
            _ = try load.plan(required: false)
            _ = try load.thresholds()
        } else if load.isGiven {
            throw ValidationError("--rate, --concurrency, --duration, --requests, --ramp, --warmup and --threshold go with export k6")
        }
    }

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
        var text: String
        if let format = ExportFormat(rawValue: kind) {
            let resolved = try target.resolve(environment: environment, options: requestOptions, demoBaseURL: ExportCommand.demoBaseURL, context: SendContext())
            text = RequestExporter(showSecrets: showSecrets).export(resolved, as: format)
        } else {
            text = try k6Script(target, environment: environment)
        }
        // Exact bytes for a pipe or a file; on a terminal, control characters are made visible rather than obeyed.
        if isatty(STDOUT_FILENO) == 1 {
            text = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalSafeText.sanitize(String($0)) }.joined(separator: "\n")
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// The k6 script of `target` and the requests it needs, each resolved with a marker where a value captured by an
    /// earlier one goes.
    private func k6Script(_ target: RequestReference, environment: EnvironmentSpec?) throws -> String {
        let plan: [PlannedRequest]
        do { plan = try DependencyPlanner(collection: target.collection).plan([target.located]) } catch {
            StandardError.write(error.description)
            throw ExitCode(.failed)
        }
        let captured = Set(plan.flatMap { $0.located.request.captures.map(\.name) })
        let markers = captured.sorted().map { Variable(name: $0, value: K6Exporter.marker($0), isLiteral: true) }
        var secrets: [String] = []
        var steps: [K6Exporter.Step] = []
        for planned in plan {
            let reference = RequestReference(collection: target.collection, located: planned.located)
            var resolver = reference.resolver(environment: environment, options: requestOptions, demoBaseURL: ExportCommand.demoBaseURL,
                                              context: SendContext())
            resolver.overrides = markers + resolver.overrides.filter { !captured.contains($0.name) }
            let resolved = try reference.resolve(resolver, showSecrets: showSecrets)
            secrets += resolved.secretValues
            steps.append(K6Exporter.Step(name: planned.located.request.name, resolved: resolved, checks: resolver.checks,
                                         captures: planned.located.request.captures))
        }
        var thresholds: [String: [String]] = [:]
        for threshold in try load.thresholds() { thresholds[threshold.k6.metric, default: []].append(threshold.k6.expression) }
        return K6Exporter(secrets: showSecrets ? [] : secrets).render(steps, scenario: try load.plan(required: false).k6Scenario, thresholds: thresholds)
    }
}
