import ArgumentParser
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// `apiexplorer list`: the tree of collections, folders and requests with their references.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List collections, folders and requests with their references.")

    @OptionGroup var options: CollectionsOptions

    func run() throws {
        let result = try options.load()
        var out = ""
        for collection in result.collections {
            let envs = collection.environments.map { $0.isDefault ? "\($0.name)*" : $0.name }.joined(separator: ", ")
            out += "\(collection.name)  [\(collection.slug)]  environments: \(envs.isEmpty ? "none" : envs)\n"
            out += ListCommand.lines(collection.root, collection: collection, path: [], depth: 1)
        }
        if result.collections.isEmpty { out += "No collections in \(options.directory()).\n" }
        print(TerminalSafeText.sanitizedLines(utf8: Array(out.utf8)).joined(separator: "\n"), terminator: "")
    }

    static func lines(_ folder: FolderSpec, collection: CollectionSpec, path: [String], depth: Int) -> String {
        let indent = String(repeating: "  ", count: depth)
        var out = ""
        for sub in folder.folders {
            out += "\(indent)\(sub.name)/\n"
            out += lines(sub, collection: collection, path: path + [sub.slug], depth: depth + 1)
        }
        for request in folder.requests {
            let reference = ([collection.slug] + path + [request.slug]).joined(separator: "/")
            let method = request.method.padding(toLength: 7, withPad: " ", startingAt: 0)
            out += "\(indent)\(method) \(request.name)  →  \(reference)\n"
        }
        return out
    }
}
