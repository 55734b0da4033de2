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

    /// Loads the collections, printing problems to standard error; exits 1 when the directory is unusable.
    func load() throws -> (CollectionStore, CollectionLoadResult) {
        let store = CollectionStore(directory: directory())
        let result = store.load()
        for problem in result.problems { StandardError.write(problem.description) }
        if result.collections.isEmpty, !result.errors.isEmpty, result.problems.first?.location.file == store.directory {
            throw ExitCode(1)
        }
        return (store, result)
    }
}
