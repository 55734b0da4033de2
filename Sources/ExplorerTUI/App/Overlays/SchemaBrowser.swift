import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The Schema view of a GraphQL request: the schema's types on the left (the root types first, the rest by name,
/// introspection's own last), and the highlighted type's fields with their arguments, types and descriptions.
public struct SchemaBrowser: Sendable, Equatable {
    /// The schema shown.
    public var schema: GraphQLSchema
    /// What it is the schema of (the request's URL as written).
    public var title: String
    /// When it was fetched from the server.
    public var fetched: Date
    /// The names of the types listed, in order.
    public var typeNames: [String]
    /// The highlighted type's index in `typeNames`.
    public var selection = 0
    /// Lines of the highlighted type's fields scrolled off the top.
    public var scroll = 0

    /// A browser of `schema`, the query root type highlighted.
    public init(schema: GraphQLSchema, title: String, fetched: Date) {
        self.schema = schema
        self.title = title
        self.fetched = fetched
        let roots = [schema.queryType, schema.mutationType, schema.subscriptionType].compactMap { $0 }
        let rest = schema.types.map(\.name).filter { !roots.contains($0) }.sorted { first, second in
            (first.hasPrefix("__") ? 1 : 0, first) < (second.hasPrefix("__") ? 1 : 0, second)
        }
        typeNames = roots.filter { schema.type(named: $0) != nil } + rest
    }

    /// The highlighted type.
    public var selectedType: GraphQLSchemaType? {
        typeNames.indices.contains(selection) ? schema.type(named: typeNames[selection]) : nil
    }
}
