import ArgumentParser
import ExplorerChecks
import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// `apiexplorer [explore]`: the full-screen explorer. A subcommand of its own so that `--env` and `--collections`
/// belong to it alone and never swallow the same options of `send` or `envs`.
struct ExploreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Open the full-screen explorer (the default when no subcommand is given)."
    )

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "The environment to start in (default: each collection's default).", completion: ShellCompletion.environments)
    var env: String?

    @OptionGroup var request: RequestOptions
    @OptionGroup var trust: TrustOptions

    @OptionGroup var historyOptions: HistoryOptions

    @OptionGroup var themeOptions: ThemeOptions
    @OptionGroup var cookieOptions: CookieOptions

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (text selection) instead of clicks and the wheel; also APIEXPLORER_MOUSE=off.")
    var noMouse = false

    @OptionGroup var config: ConfigOptions

    mutating func run() async throws {
        // Read before anything else: its history, pager and editor values become the variables those readers use.
        let configFile = try config.load()
        let settings = config.apply(configFile, flags: ConfigFlags(noMouse: noMouse, historyFile: historyOptions.file, noHistory: historyOptions.disabled,
                                                                   theme: themeOptions.theme, noCookies: cookieOptions.disabled))
        let keyMap = config.keyMap(configFile)
        let context = try cookieOptions.context(configEnabled: settings.cookiesEnabled)
        defer { context.finish() }
        // The first frame needs only the collections and their folders; requests inside folders load in the
        // background and arrive as a message (for 5,000 requests that is the difference between 0.05 s and 1 s).
        // A first run with no collections directory starts empty and offers to create one here, rather than failing.
        let directory = options.directory()
        let exists = FileManager.default.fileExists(atPath: directory)
        let result = exists ? try options.load(reportProblems: false, nestedRequests: false) : CollectionLoadResult()
        // An environment no collection has would be ignored silently, and the explorer would start somewhere else.
        if let env, !result.collections.contains(where: { $0.environment(named: env) != nil }) {
            let names = Set(result.collections.flatMap { $0.environments.map(\.name) }).sorted()
            StandardError.write("error: no collection has an environment '\(env)'. Environments: \(names.isEmpty ? "none" : names.joined(separator: ", ")).")
            throw ExitCode(.failed)
        }
        var model = ExplorerModel(collections: result.collections, problems: result.problems, loadedFiles: result.loadedFiles,
                                  environment: env)
        model.tree.isLoading = exists
        model.session.context = context
        model.keyMap = keyMap.map
        model.responseView.bodyView.wrap = settings.responseWrap
        model.responseView.bodyView.lineNumbers = settings.responseLineNumbers
        var configProblems = configFile.problems + keyMap.problems
        if env == nil {
            for collection in result.collections {
                let chosen = ConfigOptions.environment(for: collection, in: configFile)
                if let name = chosen.name { model.session.activeEnvironment[collection.slug] = name }
                if let problem = chosen.problem {
                    StandardError.write(problem.description)
                    configProblems.append(problem)
                }
            }
        }
        // The terminal hides what went to standard error, so the warnings are in the messages list (!) too.
        model.$status.clock = Date()
        for problem in configProblems { model.status = problem.description }
        do {
            let (themes, problems) = try themeOptions.selection(configFile: config.location, configured: configFile.theme.map { ($0.value, $0.location.description) })
            model.screen.theme = themes
            for problem in problems { model.status = "Theme: \(problem.description)" }
        } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(.failed)
        }
        // The config's layout; the split as the last run left it (< and > or a drag move it), else the config's.
        model.screen.arrangement.stack = settings.layoutStack
        if let split = LayoutStateFile.standard().read() ?? settings.layoutSplit { model.screen.arrangement.split = split }
        // "Here": the directory given, else the one read, else ./Collections where the next run will find it.
        model.tree.collectionsDirectory = exists || self.options.collections != nil ? directory
            : PathText.appending(FileManager.default.currentDirectoryPath, "Collections")
        model.session.overrides = request.overrides
        model.session.extraHeaders = request.extraHeaders
        // Collections trusted before are not asked about while their list is the one trusted (the first frame loads
        // only top-level requests, so the list is compared when sending); --trust asks about none.
        let trusted = TrustStore.standard().fingerprints()
        for collection in result.collections {
            if let fingerprint = trusted[TrustStore.key(collection.directory)] { model.session.trustedLists[collection.directory] = fingerprint }
        }
        model.session.trustsAll = trust.trustsAll
        // Values a `run --save-captures` (or s in the environment picker) wrote are there from the start; a broken
        // file is reported in the status line rather than stopping the explorer.
        var stores: [String: CaptureStore] = [:]
        for collection in result.collections {
            do { stores[collection.slug] = try CaptureStore.load(collectionDirectory: collection.directory) } catch {
                model.status = error.description
            }
        }
        model.addPersistedCaptures(stores)
        let options = self.options
        do {
            try await ExplorerRunLoop(model: model, mouse: settings.mouse, history: historyOptions.settings,
                                      scriptTimeout: settings.scriptTimeout, fullLoad: {
                // Until a collection is created there is nothing to read, and load's complaint would land on the screen.
                FileManager.default.fileExists(atPath: options.directory()) ? try? options.load(reportProblems: false) : nil
            }).run()
        } catch let error as NcursesTerminal.StartError {
            StandardError.write("error: \(error.description)")
            throw ExitCode(.failed)
        }
    }
}
