import ArgumentParser
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The `--collections DIR` option shared by every command that reads collections.
struct CollectionsOptions: ParsableArguments {
    @Option(name: .long, help: "The collections directory (default: ./Collections, then $XDG_CONFIG_HOME/apiexplorer/collections).", completion: .directory)
    var collections: String?

    /// The directory to use: the option, else ./Collections, else the user's config directory.
    func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        CollectionsOptions.directory(given: collections, environment: environment)
    }

    /// The directory `given` (a `--collections` value) names, else ./Collections, else the user's config directory.
    static func directory(given collections: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let collections { return collections }
        let local = FileManager.default.currentDirectoryPath + "/Collections"
        if FileManager.default.fileExists(atPath: local) { return local }
        let config = environment["XDG_CONFIG_HOME"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return config + "/apiexplorer/collections"
    }

    /// Loads the collections; exits 1 when the directory itself is unusable. Other problems go to standard error
    /// when `reportProblems` (the explorer shows them in its tree instead): with a `reference` (`collection/…`), only
    /// those of that collection, and a count of the rest. `nestedRequests: false` leaves request files inside folders
    /// unread, for the explorer's first frame.
    func load(reportProblems: Bool = true, nestedRequests: Bool = true, about reference: String? = nil) throws -> CollectionLoadResult {
        var loader = CollectionLoader()
        loader.readsNestedRequests = nestedRequests
        let store = CollectionStore(directory: directory(), loader: loader)
        let result = store.load()
        if result.collections.isEmpty, let problem = result.errors.first, problem.location.file == store.directory {
            StandardError.write("\(problem.description). Pass --collections DIR, or create ./Collections.")
            throw ExitCode(.failed)
        }
        guard reportProblems else { return result }
        // A command about one collection lists that collection's problems; every other broken file repeated on every
        // send buried the answer.
        let name = reference.flatMap { $0.split(separator: "/").first.map(String.init) }
        guard let collection = name.flatMap({ result.collection(named: $0) }) else {
            for problem in result.problems { StandardError.write(problem.description) }
            return result
        }
        let own = result.problems.filter { collection.holds(file: $0.location.file) }
        for problem in own { StandardError.write(problem.description) }
        let others = result.problems.count - own.count
        if others > 0 {
            StandardError.write("apiexplorer: \(others) problem\(others == 1 ? "" : "s") in other collections not shown; `apiexplorer list` shows them.")
        }
        return result
    }

    /// The collection `reference` (`collection` or `collection/…`) names, or every collection when it is nil; exit
    /// code 1, with the names there are, for one that does not exist.
    static func collections(_ reference: String?, in result: CollectionLoadResult) throws -> [CollectionSpec] {
        guard let reference else { return result.collections }
        let name = String(reference.split(separator: "/").first ?? "")
        guard let collection = result.collection(named: name) else {
            StandardError.write("error: no collection '\(name)'. Collections: \(result.collections.map(\.slug).joined(separator: ", ")).")
            throw ExitCode(.failed)
        }
        return [collection]
    }
}
