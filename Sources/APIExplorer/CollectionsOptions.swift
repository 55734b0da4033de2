import ArgumentParser
import ExplorerCore
import Foundation

/// The `--collections DIR` option shared by every command that reads collections.
struct CollectionsOptions: ParsableArguments {
    @Option(name: .long, help: "The collections directory (default: ./Collections, then $XDG_CONFIG_HOME/apiexplorer/collections).")
    var collections: String?

    /// The directory to use: the option, else ./Collections, else the user's config directory.
    func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let collections { return collections }
        let local = FileManager.default.currentDirectoryPath + "/Collections"
        if FileManager.default.fileExists(atPath: local) { return local }
        let config = environment["XDG_CONFIG_HOME"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return config + "/apiexplorer/collections"
    }

    /// Loads the collections; exits 1 when the directory itself is unusable. Other problems go to standard error
    /// when `reportProblems` (the explorer shows them in its tree instead). `nestedRequests: false` leaves request
    /// files inside folders unread, for the explorer's first frame.
    func load(reportProblems: Bool = true, nestedRequests: Bool = true) throws -> CollectionLoadResult {
        var loader = CollectionLoader()
        loader.readsNestedRequests = nestedRequests
        let store = CollectionStore(directory: directory(), loader: loader)
        let result = store.load()
        if result.collections.isEmpty, let problem = result.errors.first, problem.location.file == store.directory {
            StandardError.write("\(problem.description). Pass --collections DIR, or create ./Collections.")
            throw ExitCode(1)
        }
        if reportProblems {
            for problem in result.problems { StandardError.write(problem.description) }
        }
        return result
    }
}
