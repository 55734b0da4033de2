import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The GraphQL schemas the request pane knows, per collection, environment and URL: read from the cache the first
/// time a GraphQL query is edited or browsed, fetched again with i.
public struct GraphQLSchemaStore: Sendable {
    /// The schemas known, with when each was fetched from the server.
    public var schemas: [GraphQLSchemaKey: (schema: GraphQLSchema, fetched: Date)] = [:]
    /// Keys whose cache was read (or is being read), so it is read once.
    public var looked: Set<GraphQLSchemaKey> = []
    /// Keys whose introspection is in flight.
    public var fetching: Set<GraphQLSchemaKey> = []
    /// Why the last fetch of a key failed, until one succeeds.
    public var failures: [GraphQLSchemaKey: String] = [:]
    /// The key whose Schema view opens as soon as its schema arrives (S pressed before the cache was read).
    public var opensView: GraphQLSchemaKey?

    /// An empty store.
    public init() {}

    /// The schema of `key`, if known.
    public func schema(_ key: GraphQLSchemaKey?) -> GraphQLSchema? {
        key.flatMap { schemas[$0]?.schema }
    }
}
