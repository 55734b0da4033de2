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

    @Argument(help: "A request, folder or collection: Demo/users/get-user, Demo/users.")
    var references: [String] = []

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "The environment (default: the collection's default).")
    var env: String?

    @OptionGroup var requestOptions: RequestOptions
    @OptionGroup var config: ConfigOptions
    @OptionGroup var trust: TrustOptions

    @Option(name: .long, help: "Open model: requests (iterations) a second.")
    var rate: Double?

    @Option(name: .long, help: "Closed model: users sending one request after another.")
    var concurrency: Int?

    @Option(name: .long, help: "How long to count, after the warm-up: 30s, 2m.")
    var duration: String?

    @Option(name: .long, help: "How many requests (iterations) to count.")
    var requests: Int?

    @Option(name: .long, help: "Requests in flight at most (default 100).")
    var connections = 100

    @Option(name: .long, help: "Rise linearly to the rate or the users over this long: 10s.")
    var ramp: String?

    @Option(name: .long, help: "Send for this long first without counting: 2s.")
    var warmup: String?

    @Option(name: .long, help: "A condition the test must meet (repeatable): p99<200ms, errors<0.1%, checks>99%, rate>1000.")
    var threshold: [String] = []

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Write a report: --report json FILE or --report junit FILE (repeatable).", valueName: "kind file"))
    var report: [String] = []

    /// The plan the options describe.
    func plan() throws -> LoadPlan {
        do {
            let model: LoadModel
            switch (rate, concurrency) {
            case let (rate?, nil):
                guard rate > 0, rate.isFinite else { throw ValidationError("--rate takes requests a second, more than 0, got \(rate)") }
                model = .open(rate: rate)
            case let (nil, users?):
                guard users >= 1 else { throw ValidationError("--concurrency takes a number of users, at least 1, got \(users)") }
                model = .closed(concurrency: users)
            case (.some, .some):
                throw ValidationError("give --rate (open model) or --concurrency (closed model), not both")
            case (nil, nil):
                throw ValidationError("load needs --rate R (requests a second) or --concurrency C (users)")
            }
            let seconds = try duration.map { value throws(LoadPlanError) in try LoadDuration.seconds(value, option: "--duration") }
            guard seconds != nil || requests != nil else { throw ValidationError("load needs --duration (30s) or --requests N") }
            if let requests, requests < 1 { throw ValidationError("--requests takes a number of at least 1, got \(requests)") }
            guard connections >= 1 else { throw ValidationError("--connections takes a number of at least 1, got \(connections)") }
            return LoadPlan(model: model, duration: seconds, requests: requests, connections: connections,
                            ramp: try ramp.map { value throws(LoadPlanError) in try LoadDuration.seconds(value, option: "--ramp") } ?? 0,
                            warmup: try warmup.map { value throws(LoadPlanError) in try LoadDuration.seconds(value, option: "--warmup") } ?? 0)
        } catch let error as LoadPlanError {
            throw ValidationError(error.description)
        }
    }

    /// The reports asked for, as (kind, path).
    func reports() throws -> [(kind: String, path: String)] {
        var pairs: [(String, String)] = []
        var index = 0
        while index < report.count {
            let item = report[index]
            if let equals = item.firstIndex(of: "=") {
                pairs.append((String(item[..<equals]), String(item[item.index(after: equals)...])))
                index += 1
            } else {
                guard index + 1 < report.count else { throw ValidationError("--report \(item) needs a file: --report \(item) FILE") }
                pairs.append((item, report[index + 1]))
                index += 2
            }
        }
        for (kind, _) in pairs where kind != "json" && kind != "junit" {
            throw ValidationError("--report takes json or junit, got '\(kind)'")
        }
        return pairs
    }

    mutating func validate() throws {
        guard !references.isEmpty else { throw ValidationError("load needs a request, folder or collection: apiexplorer load Demo/users/get-user --rate 50 --duration 10s") }
        _ = try plan()
        _ = try reports()
        for expression in threshold {
            do { _ = try LoadThreshold(expression) } catch { throw ValidationError(error.description) }
        }
    }

    func run() async throws {
        let plan = try plan()
        let thresholds = try threshold.map { expression throws(LoadPlanError) in try LoadThreshold(expression) }
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
        let sender: LoadSender
        do throws(SendFailure) { sender = try await LoadSender.make(target, pipeline: pipeline) } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(.trouble)
        }
        let live = isatty(STDERR_FILENO) == 1
        let runner = LoadRunner(plan: plan, thresholds: thresholds)
        let show: @Sendable (LoadProgress) -> Void = { progress in StandardError.writeRaw("\r\u{1B}[2K" + LoadSummary.liveLine(progress)) }
        let report = live ? show : nil
        let running = Task { await runner.run(send: { index in await sender.iteration(index) }, progress: report) }
        let interrupt = InterruptSignal { running.cancel() }
        let summary = await running.value
        interrupt.stop()
        if live { StandardError.writeRaw("\r\u{1B}[2K") }
        await launcher.stop()
        print("load \(target.name): " + (plan.model.description))
        for line in summary.lines { print(line) }
        for (kind, path) in try reports() {
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
