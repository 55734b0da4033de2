import ArgumentParser
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// A `collection/folder/request` reference resolved against loaded collections.
struct RequestReference {
    let collection: CollectionSpec
    let located: CollectionSpec.Located

    /// Finds `reference`, or fails with exit code 1 and a message that lists what exists.
    static func find(_ reference: String, in result: CollectionLoadResult) throws -> RequestReference {
        let parts = reference.split(separator: "/").map(String.init)
        guard parts.count >= 2, let collection = result.collection(named: parts[0]) else {
            let names = result.collections.map(\.slug).joined(separator: ", ")
            StandardError.write("error: no collection '\(parts.first ?? reference)'. Collections: \(names.isEmpty ? "none" : names). Run `apiexplorer list`.")
            throw ExitCode(.failed)
        }
        guard let located = collection.locate(Array(parts.dropFirst())) else {
            let wanted = ([collection.directory] + parts.dropFirst()).joined(separator: "/")
            if let problem = result.errors.first(where: { PathText.deletingExtension($0.location.file) == wanted }) {
                StandardError.write("error: '\(reference)' could not be loaded: \(problem.description)")
                throw ExitCode(.failed)
            }
            let near = collection.allRequests.map { collection.reference(of: $0) }
                .filter { $0.lowercased().contains(parts.last?.lowercased() ?? "") }.prefix(5)
            StandardError.write("error: no request '\(reference)'." + (near.isEmpty ? " Run `apiexplorer list`." : " Did you mean: \(near.joined(separator: ", "))?"))
            throw ExitCode(.failed)
        }
        return RequestReference(collection: collection, located: located)
    }

    /// The environment named by `--env`, else the collection's default; exit code 1 for an unknown name.
    func environment(named name: String?) throws -> EnvironmentSpec? {
        guard let name else { return collection.defaultEnvironment }
        guard let environment = collection.environment(named: name) else {
            StandardError.write("error: collection '\(collection.name)' has no environment '\(name)'. Environments: \(collection.environments.map(\.name).joined(separator: ", ")).")
            throw ExitCode(.failed)
        }
        return environment
    }
}
