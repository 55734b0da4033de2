import ArgumentParser
import ExplorerChecks
import ExplorerCore
import ExplorerLoad
import ExplorerWorkspace
import Foundation

/// `apiexplorer load REF...`: sends a request, a folder or a chain again and again, at a rate or with a number of
/// users, and reports latency percentiles, errors, checks and thresholds.
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load-test a request, folder or chain: a rate or a number of users, percentiles, thresholds.",
        discussion: """
            Open model: --rate R requests a second for --duration or --requests N, up to --connections in flight \
            (default 100). Each latency is measured from the moment its request should have started, so a server that \
            stalls counts against every request meant to go out meanwhile (no coordinated omission). Closed model: \
            --concurrency C users, each sending the next request when its last answer came. --ramp rises linearly to the \
            rate or the users; --warmup sends without counting. A folder or a request with needs is a chain: each \
            iteration sends it in order, captures feeding the next request (and the next iteration). Every response's \
            checks run. --threshold (repeatable): p50<50ms, p99<200ms, p99.9<1s, max<2s, mean<20ms, errors<0.1%, \
            checks>99%, rate>1000. Exit codes: 0 every threshold held (or none was given); 1 one failed; 2 nothing \
            could be sent; 64 usage error. Ctrl-C stops the test and reports what was counted.
            """
    )

    @Argument(help: "A request, folder or collection: Demo/users/get-user, Demo/users.", completion: ShellCompletion.references)
    var references: [String] = []

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "The environment (default: the collection's default).", completion: ShellCompletion.environments)
    var env: String?

    @OptionGroup var requestOptions: RequestOptions
    @OptionGroup var config: ConfigOptions
    @OptionGroup var trust: TrustOptions

    @OptionGroup var load: LoadOptions

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Write a report: --report json FILE or --report junit FILE (repeatable).", valueName: "kind file"))
    var report: [String] = []

    /// The reports asked for, as (kind, file), and the references written after them (as `run` reads them).
    func reports() throws -> (reports: [(kind: String, file: String)], references: [String]) {
        try RunCommand.reports(in: report, kinds: ["json", "junit"])
    }

    mutating func validate() throws {
        references = try reports().references + references
        guard !references.isEmpty else { throw ValidationError("load needs a request, folder or collection: apiexplorer load Demo/users/get-user --rate 50 --duration 10s") }
        _ = try load.plan(required: true)
        _ = try load.thresholds()
    }

    func run() async throws {
        let plan = try load.plan(required: true)
        let thresholds = try load.thresholds()
        let configFile = try config.load()
        _ = config.apply(configFile, flags: ConfigFlags(historyFile: nil, noHistory: true, noCookies: true))
        let result = try options.load(about: references.first)
        let target = try LoadTarget.select(references, in: result, environment: env, configFile: configFile,
                                           overrides: requestOptions.overrides, extraHeaders: requestOptions.extraHeaders)
        let launcher = DemoServerLauncher()
        let prompter = TerminalPrompter()
        let gate = TrustGate(trustsAll: trust.trustsAll, prompter: prompter)
        do { _ = try gate.grant(for: target.resolvers()) } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(error.exitCode)
        }
        let pipeline = SendPipeline(demo: launcher, history: nil, source: "load", prompter: prompter, trustGate: gate)
        let live = isatty(STDERR_FILENO) == 1
        let show: @Sendable (LoadProgress) -> Void = { progress in StandardError.writeRaw("\r\u{1B}[2K" + LoadSummary.liveLine(progress)) }
        let report = live ? show : nil
        let running = Task { () throws(SendFailure) -> LoadSummary in
            try await LoadExecution.run(target, plan: plan, thresholds: thresholds, pipeline: pipeline, progress: report)
        }
        let interrupt = InterruptSignal { running.cancel() }
        let summary: LoadSummary
        do { summary = try await running.value } catch {
            interrupt.stop()
            StandardError.write("error: \(String(describing: error))")
            throw ExitCode(.trouble)
        }
        interrupt.stop()
        if live { StandardError.writeRaw("\r\u{1B}[2K") }
        await launcher.stop()
        print("load \(target.name): " + (plan.model.description))
        for line in summary.lines { print(line) }
        for (kind, path) in try reports().reports {
            let text = kind == "json" ? summary.json(name: target.name) : summary.junit(name: target.name)
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) } catch {
                StandardError.write("error: could not write the \(kind) report to \(path): \(error.localizedDescription)")
                throw ExitCode(.trouble)
            }
        }
        let unanswered = summary.errors.filter { $0.key != .status }.values.reduce(0, +)
        if summary.requests > 0, unanswered == summary.requests {
            let kinds = summary.errors.keys.sorted().map { $0.rawValue }.joined(separator: ", ")
            StandardError.write("error: no request got an answer (\(kinds))")
            throw ExitCode(.trouble)
        }
        if summary.requests == 0 {
            StandardError.write("error: nothing was sent")
            throw ExitCode(.trouble)
        }
        if !summary.passed { throw ExitCode(.failed) }
    }
}
