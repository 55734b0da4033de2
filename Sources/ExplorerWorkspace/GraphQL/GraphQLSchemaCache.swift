import Foundation

/// Introspection answers kept in the state directory's `graphql` folder (`StateDirectory`), one file per collection, environment and URL, so completion works from the
/// start of the next run. The file is the server's answer as it came; reading it parses it again.
public struct GraphQLSchemaCache: Sendable {
    /// The directory the files are in.
    public var directory: URL

    /// A cache in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The cache `environment` names: `APIEXPLORER_GRAPHQL_CACHE`, else the state directory's `graphql` folder.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> GraphQLSchemaCache {
        if let explicit = environment["APIEXPLORER_GRAPHQL_CACHE"], !explicit.isEmpty {
            return GraphQLSchemaCache(directory: URL(fileURLWithPath: explicit))
        }
        return GraphQLSchemaCache(directory: URL(fileURLWithPath: StateDirectory(environment: environment).file("graphql")))
    }

    /// The file for `key`.
    public func file(for key: GraphQLSchemaKey) -> URL {
        directory.appendingPathComponent(key.relativePath)
    }

    /// The cached schema for `key` and when it was fetched; nil when there is none, or it no longer reads.
    public func read(_ key: GraphQLSchemaKey) -> (schema: GraphQLSchema, fetched: Date)? {
        let url = file(for: key)
        // Checked before reading: a file grown past the limit (by hand, or by an older version) is not read whole.
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= GraphQLIntrospection.maxAnswerBytes else { return nil }
        guard let data = try? Data(contentsOf: url), let schema = try? GraphQLSchema(introspection: data) else { return nil }
        let fetched = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? nil
        return (schema, fetched ?? Date())
    }

    /// Keeps `answer` (an introspection answer that parsed) as the schema of `key`, replacing the one before whole.
    public func write(_ answer: Data, for key: GraphQLSchemaKey) throws {
        let url = file(for: key)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try answer.write(to: url, options: .atomic)
    }
}
