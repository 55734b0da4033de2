import ArgumentParser
import ExplorerCore
import ExplorerTUI
import Foundation

/// `apiexplorer [explore]`: the full-screen explorer. A subcommand of its own so that `--env` and `--collections`
/// belong to it alone and never swallow the same options of `send` or `envs`.
struct ExploreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Open the full-screen explorer (the default when no subcommand is given)."
    )

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "The environment to start in (default: each collection's default).")
    var env: String?

    @OptionGroup var request: RequestOptions

    @OptionGroup var historyOptions: HistoryOptions

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (text selection) instead of clicks and the wheel; also APIEXPLORER_MOUSE=off.")
    var noMouse = false

    mutating func run() async throws {
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
            throw ExitCode(1)
        }
        var model = ExplorerModel(collections: result.collections, problems: result.problems, loadedFiles: result.loadedFiles,
                                  environment: env)
        model.tree.isLoading = exists
        // The split as the last run left it (< and > or a drag move it).
        if let split = LayoutStateFile.standard().read() { model.screen.arrangement.split = split }
        // "Here": the directory given, else the one read, else ./Collections where the next run will find it.
        model.tree.collectionsDirectory = exists || self.options.collections != nil ? directory
            : PathText.appending(FileManager.default.currentDirectoryPath, "Collections")
        model.session.overrides = request.overrides
        model.session.extraHeaders = request.extraHeaders
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
            let mouseSetting = ProcessInfo.processInfo.environment["APIEXPLORER_MOUSE"]?.lowercased()
            let mouse = !noMouse && !["off", "0", "no", "false"].contains(mouseSetting ?? "")
            try await ExplorerRunLoop(model: model, mouse: mouse, history: historyOptions.settings, fullLoad: {
                // Until a collection is created there is nothing to read, and load's complaint would land on the screen.
                FileManager.default.fileExists(atPath: options.directory()) ? try? options.load(reportProblems: false) : nil
            }).run()
        } catch let error as NcursesTerminal.StartError {
            StandardError.write("error: \(error.description)")
            throw ExitCode(1)
        }
    }
}
