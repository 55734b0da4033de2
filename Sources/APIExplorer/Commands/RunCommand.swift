import ArgumentParser
import ExplorerCore
import ExplorerScripts
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerWorkspace
import ExplorerChecks

/// `apiexplorer run REF...`: sends a collection, folders or requests as a test suite and reports their checks.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Send a collection, folders or requests as a test suite: captures, needs and checks.",
        discussion: """
            REF is a collection (Demo), a folder (Demo/users) or a request (Demo/users/get-user). Requests are sent in \
            collection order, each after the requests it needs; --parallel N sends up to N at once where none waits for \
            another. A summary goes to standard output: a row per request on a terminal when there are at most \
            \(RunReport.listedOnTerminal) (or with --verbose), otherwise the failures, one line for the requests that passed \
            and the totals; the reports keep every request. A progress bar goes to standard error when it is a terminal. \
            Exit codes: 0 every check passed; 1 a check failed; 2 a request could not be sent (transport error, \
            unresolved variable, unknown reference, dependency cycle); 64 usage error; 130 interrupted (Ctrl-C stops the \
            requests in flight, a stream or a WebSocket conversation keeping what arrived, and reports the run so far). \
            A WebSocket request sends its saved messages and ends when the server closes, after the file's \
            expectMessages: came or after wait: seconds of silence (its timeout without wait:); its checks read the \
            messages received.
            """
    )

    @Argument(help: "Collections, folders or requests: Demo, Demo/users, Demo/users/get-user.", completion: ShellCompletion.references)
    var references: [String] = []

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "The environment (default: each collection's default).", completion: ShellCompletion.environments)
    var env: String?

    @OptionGroup var requestOptions: RequestOptions

    @OptionGroup var historyOptions: HistoryOptions

    @OptionGroup var config: ConfigOptions
    @OptionGroup var cookieOptions: CookieOptions

    @Option(name: .long, help: "Send up to N requests at once where they do not depend on each other (default 1).")
    var parallel = 1

    @Option(name: .customLong("repeat"), help: "Send the whole selection N times (default 1).")
    var repetitions = 1

    @Option(name: .long, help: "Milliseconds to wait before each request after the first (default 0).")
    var delay = 0

    @Flag(name: .long, help: "Stop after the first request that fails a check or cannot be sent.")
    var bail = false

    @Flag(name: .long, help: "List every request in the summary, also in a pipe or past \(RunReport.listedOnTerminal) requests.")
    var verbose = false

    @Flag(name: .long, help: "Write captured values next to the collection: secret ones to secrets.local.yaml, others to captures.local.yaml.")
    var saveCaptures = false

    @OptionGroup var trust: TrustOptions

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Write a report: --report junit FILE (or junit=FILE), json or text (repeatable).", valueName: "kind file"))
    var report: [String] = []

    mutating func validate() throws {
        guard parallel >= 1 else { throw ValidationError("--parallel takes a number of at least 1, got \(parallel)") }
        guard repetitions >= 1 else { throw ValidationError("--repeat takes a number of at least 1, got \(repetitions)") }
        guard delay >= 0 else { throw ValidationError("--delay takes milliseconds, at least 0, got \(delay)") }
        references = try RunCommand.reports(in: report).references + references
        guard !references.isEmpty else { throw ValidationError("run needs a collection, folder or request: apiexplorer run Demo") }
    }

    func run() async throws {
        let configFile = try config.load()
        let settings = config.apply(configFile, flags: ConfigFlags(historyFile: historyOptions.file, noHistory: historyOptions.disabled,
                                                                   noCookies: cookieOptions.disabled))
        let context = try cookieOptions.context(configEnabled: settings.cookiesEnabled)
        defer { context.finish() }
        let result = try options.load(about: references.first)
        // Group the selected requests by collection, keeping the order references were given in.
        var groups: [(CollectionSpec, [CollectionSpec.Located])] = []
        for reference in references {
            let parts = reference.split(separator: "/").map(String.init)
            guard let name = parts.first, let collection = result.collection(named: name) else {
                let names = result.collections.map(\.slug).joined(separator: ", ")
                StandardError.write("error: no collection '\(parts.first ?? reference)'. Collections: \(names.isEmpty ? "none" : names).")
                throw ExitCode(.trouble)
            }
            guard let selected = collection.requests(selectedBy: Array(parts.dropFirst())) else {
                StandardError.write("error: '\(reference)' is not a folder or request of collection \(collection.name). Run `apiexplorer list`.")
                throw ExitCode(.trouble)
            }
            if let index = groups.firstIndex(where: { $0.0.slug == collection.slug }) {
                groups[index].1 += selected.filter { item in !groups[index].1.contains { $0.request.file == item.request.file } }
            } else {
                groups.append((collection, selected))
            }
        }
        // A file of the selection that did not load is a test that would silently not run: nothing is sent.
        let selectedDirectories = references.compactMap { reference -> String? in
            let parts = reference.split(separator: "/").map(String.init)
            guard let collection = parts.first.flatMap(result.collection(named:)) else { return nil }
            var folder = collection.root
            for part in parts.dropFirst() {
                guard let sub = folder.folders.first(where: { $0.slug == part }) else { return nil }
                folder = sub
            }
            return folder.directory
        }
        let broken = result.problems.filter { problem in
            !problem.isWarning && selectedDirectories.contains { (problem.location.file + "/").hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        if !broken.isEmpty {
            StandardError.write("error: \(broken.count) file\(broken.count == 1 ? "" : "s") of the selection did not load (above); nothing was sent. Fix \(broken.count == 1 ? "it" : "them"), or run the requests that load by reference.")
            throw ExitCode(.trouble)
        }
        // Every plan is made, and every cycle reported, before anything is sent.
        var plans: [(CollectionSpec, [PlannedRequest], EnvironmentSpec?)] = []
        for (collection, selected) in groups {
            let environment: EnvironmentSpec?
            let chosen: (name: String?, problem: CollectionProblem?) = env == nil ? ConfigOptions.environment(for: collection, in: configFile) : (nil, nil)
            if let problem = chosen.problem { StandardError.write(problem.description) }
            do { environment = try RequestReference(collection: collection, located: selected[0]).environment(named: env ?? chosen.name) } catch {
                // An unknown environment is trouble (2), not a failed check (1).
                throw ExitCode(.trouble)
            }
            do {
                plans.append((collection, try DependencyPlanner(collection: collection).plan(selected), environment))
            } catch {
                StandardError.write(error.description)
                throw ExitCode(.trouble)
            }
        }
        let launcher = DemoServerLauncher()
        let progress = RunProgress()
        let history = HistoryRecorder(settings: historyOptions.settings)
        history.openInBackground()
        let started = Date()
        let total = plans.reduce(0) { $0 + $1.1.count } * repetitions
        let prompter = TerminalPrompter()
        let gate = TrustGate(trustsAll: trust.trustsAll, prompter: prompter)
        // Asked once for each collection before anything is sent, so an untrusted collection sends nothing.
        for (collection, plan, environment) in plans {
            let resolvers = plan.map { planned in
                RequestResolver(collection: collection, folders: planned.located.folders, request: planned.located.request,
                                environment: environment, overrides: requestOptions.overrides, extraHeaders: requestOptions.extraHeaders)
            }
            do { _ = try gate.grant(for: resolvers) } catch {
                StandardError.write("error: \(error.description)")
                throw ExitCode(error.exitCode)
            }
        }
        let pipeline = SendPipeline(demo: launcher, history: history, source: "run", prompter: prompter, trustGate: gate,
                                    scripts: LazyScriptEngine(timeLimit: settings.scriptTimeout))
        let (overrides, extraHeaders) = (requestOptions.overrides, requestOptions.extraHeaders)
        let (parallel, repetitions, delay, bail, saveCaptures) = (parallel, repetitions, delay, bail, saveCaptures)
        let planned = plans
        // The run is a task of its own, so Ctrl-C can cancel it: the requests in flight stop (a stream keeps what
        // arrived), no more start, and the run so far is reported.
        let running = Task { () -> (outcomes: [RequestOutcome], environments: [String]) in
            var outcomes: [RequestOutcome] = []
            var environmentNames: [String] = []
            for (collection, plan, environment) in planned {
                if let name = environment?.name, !environmentNames.contains(name) { environmentNames.append(name) }
                var store = CaptureStore()
                do { store = try CaptureStore.load(collectionDirectory: collection.directory) } catch { StandardError.write("\(error)") }
                var runner = CollectionRunner(collection: collection, environment: environment?.overridingBaseURL(with: overrides),
                                              overrides: overrides,
                                              extraHeaders: extraHeaders, parallel: parallel,
                                              repetitions: repetitions, delay: Double(delay) / 1000, bail: bail)
                runner.context = context
                runner.sender = { resolver in
                    // Sent over HTTP, a WebSocket request would reach its server as nonsense: it is a conversation.
                    if resolver.request.isWebSocket { return await pipeline.converse(resolver) }
                    if resolver.request.isGRPC { return await pipeline.callGRPC(resolver) }
                    if Task.isCancelled {
                        return RequestOutcome(reference: resolver.reference, name: resolver.request.name, error: "not sent: interrupted (Ctrl-C)")
                    }
                    let keeper = StreamKeeper()
                    var exchange = await pipeline.send(resolver, onPart: { keeper.take($0) })
                    if Task.isCancelled, exchange.response == nil, let request = exchange.resolved?.request {
                        // What arrived before Ctrl-C is kept, as `send --stream` keeps it: the head and the events.
                        exchange.response = keeper.response(to: request)
                        pipeline.recordLater(exchange)
                        let count = "\(keeper.count) event\(keeper.count == 1 ? "" : "s") in \(MeasurementText.duration(keeper.lastArrival))"
                        return RequestOutcome(reference: resolver.reference, name: resolver.request.name, status: exchange.response?.statusCode,
                                              duration: keeper.lastArrival,
                                              error: exchange.response == nil ? "interrupted (Ctrl-C) before a response came" : "interrupted (Ctrl-C): \(count)")
                    }
                    for line in exchange.console { StandardError.write(ScriptConsoleText.text(line, reference: resolver.reference)) }
                    // On history's own (serial) queue, so storing never holds up the next request; drained before exiting.
                    pipeline.recordLater(exchange)
                    return exchange.runOutcome
                }
                let before = outcomes.count
                let (done, captured) = await runner.run(plan, store: store) { outcome, count, _ in
                    progress.update(done: before + count, total: total, reference: outcome.reference)
                }
                outcomes += done
                if saveCaptures, let environment {
                    do { try captured.persist(environment: environment.name, collectionDirectory: collection.directory) } catch {
                        StandardError.write("error: could not save captured values: \(error)")
                    }
                }
                if bail, done.contains(where: { !$0.passed }) { break }
                if Task.isCancelled { break }
            }
            return (outcomes, environmentNames)
        }
        let interrupt = InterruptSignal { running.cancel() }
        let (outcomes, environmentNames) = await running.value
        interrupt.stop()
        await launcher.stop()
        _ = await history.withStore { _ in true }
        progress.finish()
        var summary = RunReport(outcomes: outcomes, environment: environmentNames.isEmpty ? nil : environmentNames.joined(separator: ", "),
                                duration: Date().timeIntervalSince(started), startedAt: started)
        summary.interrupted = interrupt.wasInterrupted
        let listing = summary.listsEveryRequest(verbose: verbose, onTerminal: isatty(STDOUT_FILENO) == 1)
        let table = summary.text(listingEveryRequest: listing).split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalSafeText.sanitize(String($0)) }
        FileHandle.standardOutput.write(Data(table.joined(separator: "\n").utf8))
        for (kind, file) in try RunCommand.reports(in: report).reports {
            let data: Data
            switch kind {
            case "junit": data = Data(summary.junitXML.utf8)
            case "json": data = summary.json
            default: data = Data(summary.text.utf8)
            }
            do { try AtomicFileWriter.write(data, to: file) } catch {
                StandardError.write("error: could not write the \(kind) report to \(file): \(error)")
                throw ExitCode(.trouble)
            }
        }
        if summary.interrupted {
            StandardError.write("interrupted: \(outcomes.count) of \(total) request\(total == 1 ? "" : "s") reported")
        }
        if summary.exit != .success { throw ExitCode(summary.exit) }
    }

    /// The `--report` words as kinds and files. The option reads words up to the next option, so in
    /// `run --report junit out.xml Demo` the reference lands in it: after a kind and its file, a word that is not a
    /// kind is a reference. `junit=FILE` is one word.
    /// `kinds` are the report kinds the command writes, in the order its messages name them.
    static func reports(in words: [String], kinds: [String] = ["junit", "json", "text"]) throws
        -> (reports: [(kind: String, file: String)], references: [String]) {
        var rest = words[...]
        var reports: [(kind: String, file: String)] = []
        var references: [String] = []
        while let word = rest.popFirst() {
            if let equals = word.firstIndex(of: "="), kinds.contains(String(word[..<equals])) {
                reports.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
            } else if kinds.contains(word) {
                guard let file = rest.popFirst() else { throw ValidationError("--report \(word) needs a file: --report \(word) results.xml") }
                reports.append((word, file))
            } else if reports.isEmpty {
                throw ValidationError("--report takes \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last ?? ""), got '\(word)'")
            } else {
                references.append(word)
            }
        }
        return (reports, references)
    }
}
