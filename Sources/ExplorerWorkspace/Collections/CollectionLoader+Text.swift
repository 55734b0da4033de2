import ExplorerCore
import Foundation

extension CollectionLoader {
    /// Parses the text of a request file as if it had been read from `file`: the request, or why it is broken,
    /// plus warnings. For callers that hold the text already (importers, the fuzzer).
    public func parseRequest(_ text: String, file: String, slug: String) -> (request: RequestSpec?, problems: [CollectionProblem]) {
        var parser = CollectionFileParser(file: file)
        do {
            let request = try parser.request(try parser.document(text, what: "a request (name, method, url...)"), slug: slug)
            return (request, parser.warnings)
        } catch {
            return (nil, parser.warnings + [error])
        }
    }

    /// A `spec:` value as an absolute path: relative ones are read from the collection's directory.
    static func specPath(_ spec: String?, directory: String) -> String? {
        guard let spec, !spec.isEmpty else { return nil }
        let full = spec.hasPrefix("/") ? spec : PathText.appending(directory, spec)
        return (full as NSString).standardizingPath
    }

    /// Parses the text of a `collection.yaml` as if read from `file` in `directory`, without loading its requests.
    public func parseCollection(_ text: String, file: String, directory: String) -> (collection: CollectionSpec?, problems: [CollectionProblem]) {
        var parser = CollectionFileParser(file: file)
        do {
            let map = try parser.document(text, what: "a collection (name, environments, headers...)")
            let (root, environments) = try parser.folder(map, slug: PathText.lastComponent(directory), directory: directory,
                                                         isCollection: true)
            var collection = CollectionSpec(root: root, environments: environments)
            collection.spec = CollectionLoader.specPath(parser.spec, directory: directory)
        collection.grpcSchema = GRPCSchemaFiles(protoset: CollectionLoader.specPath(parser.schemaFiles.protoset, directory: directory),
                                                proto: parser.schemaFiles.proto.compactMap { CollectionLoader.specPath($0, directory: directory) })
            collection.keepSessionCookies = parser.keepSessionCookies
            return (collection, parser.warnings)
        } catch {
            return (nil, parser.warnings + [error])
        }
    }
}
