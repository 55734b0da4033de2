import ArgumentParser
import ExplorerCore
import ExplorerScripts
import ExplorerHistory
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerWorkspace
import ExplorerChecks

/// `apiexplorer diff REF --env A --env B`: sends one saved request in two environments and prints how the responses differ.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Send a saved request in two environments at once and show how the responses differ.",
        discussion: """
            Status, headers and body are compared. JSON bodies are compared structurally: a changed value, an added \
            or removed key, or a different array length is shown at its path ($.user.name, $.items[2]); other text \
            line by line; binary bodies by size. Lines starting with - are only in the first environment's response, \
            + only in the second's, ~ changed. The Date header is never compared (it differs on every response); \
            --ignore-header leaves out more. Secrets are masked unless --show-secrets.

            Exit codes: 0 the responses are the same; 1 they differ; 2 trouble (collection error, unresolved \
            variable, or a request that got no response); 64 a usage error.
            """
    )

    @Argument(help: "The request: collection/folder/request, as shown by `apiexplorer list`.", completion: ShellCompletion.references)
    var reference: String

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "An environment; give exactly two: --env staging --env production.", completion: ShellCompletion.environments)
    var env: [String] = []

    @OptionGroup var requestOptions: RequestOptions
    @OptionGroup var trust: TrustOptions

    @Option(name: .customLong("ignore-header"), help: "A response header not to compare, besides Date (repeatable).")
    var ignoredHeaders: [String] = []

    @Flag(name: .long, help: "Print secret values instead of masking them.")
    var showSecrets = false

    @OptionGroup var historyOptions: HistoryOptions

    @OptionGroup var config: ConfigOptions
    @OptionGroup var cookieOptions: CookieOptions

    func validate() throws {
        guard env.count == 2 else {
            throw ValidationError("diff needs exactly two environments: --env A --env B (got \(env.count)).")
        }
    }

    func run() async throws {
        let identical: Bool
        do {
            identical = try await compare()
        } catch let code as ExitCode where code != .success {
            // diff(1)'s convention: 1 means "different", so every failure becomes 2.
            throw ExitCode(.trouble)
        }
        if !identical { throw ExitCode(.failed) }
    }

    /// Sends and prints; true when the responses are the same.
    private func compare() async throws -> Bool {
        let settings = config.apply(try config.load(), flags: ConfigFlags(historyFile: historyOptions.file, noHistory: historyOptions.disabled,
                                                                         noCookies: cookieOptions.disabled))
        // Each environment's jar, as send keeps it: a session cookie from `send login --env a` goes with the diff.
        let context = try cookieOptions.context(configEnabled: settings.cookiesEnabled)
        defer { context.finish() }
        let result = try options.load(about: reference)
        let target = try RequestReference.find(reference, in: result)
        let environments = [try target.environment(named: env[0]), try target.environment(named: env[1])]
        let launcher = DemoServerLauncher()
        let history = HistoryRecorder(settings: historyOptions.settings)
        history.openInBackground()
        // As send does: a {{$prompt}} is asked once on the terminal for both environments, {{$command}} once allowed.
        let prompter = TerminalPrompter()
        let pipeline = SendPipeline(demo: launcher, history: history, source: "diff", showsSecrets: showSecrets, prompter: prompter,
                                    trustGate: TrustGate(trustsAll: trust.trustsAll, prompter: prompter),
                                    scripts: LazyScriptEngine(timeLimit: settings.scriptTimeout))
        let resolvers = environments.map { target.resolver(environment: $0, options: requestOptions, demoBaseURL: nil, context: context) }
        // Both resolve before either is sent: an unresolved variable sends nothing.
        for resolver in resolvers {
            do { _ = try await pipeline.resolve(resolver) } catch {
                StandardError.write("error: \(SecretMasker(secrets: showSecrets ? [] : resolver.variableResolver.secretValues).mask(error.description))")
                throw ExitCode(error.exitCode)
            }
        }
        async let firstExchange = pipeline.send(resolvers[0], evaluating: false)
        async let secondExchange = pipeline.send(resolvers[1], evaluating: false)
        let (first, second) = await (firstExchange, secondExchange)
        await launcher.stop()
        // Kept once the answer is printed (or the failure reported), so history never delays it.
        defer {
            pipeline.record(first)
            pipeline.record(second)
        }
        let masker = SecretMasker(secrets: first.masker.secrets + second.masker.secrets)
        var failed = false
        for (name, exchange) in [(env[0], first), (env[1], second)] {
            if let failure = exchange.failure {
                StandardError.write("error: \(name): \(masker.mask(failure.description))")
                failed = true
            }
        }
        guard !failed, let a = first.response, let b = second.response else { throw ExitCode(.trouble) }
        let comparison = ResponseComparison(a, b, ignoring: ["Date"] + ignoredHeaders)
        let lines = comparison.report(firstTitle: ResponseComparison.title(label: env[0], response: a),
                                      secondTitle: ResponseComparison.title(label: env[1], response: b), masker: masker)
        let noColor = StandardOutput.noColorRequested
        let useColor = isatty(STDOUT_FILENO) == 1 && !noColor
        let text = lines.map { DiffCommand.paint($0, useColor: useColor) }.joined(separator: "\n") + "\n"
        FileHandle.standardOutput.write(Data(text.utf8))
        return comparison.isIdentical
    }

    static func paint(_ line: ComparisonLine, useColor: Bool) -> String {
        guard useColor else { return line.text }
        let sgr: String
        switch line.kind {
        case .heading: sgr = "1"
        case .same, .note: sgr = "2"
        case .changed: sgr = "33"
        case .removed: sgr = "31"
        case .added: sgr = "32"
        }
        return "\u{1B}[\(sgr)m\(line.text)\u{1B}[0m"
    }
}
