/// What a GraphQL server says it serves, read from its answer to the introspection query: the root types and every
/// named type with its fields, arguments and descriptions. Completion and the Schema view read it.
public struct GraphQLSchema: Sendable, Equatable {
    /// The type queries start from (usually `Query`).
    public var queryType: String?
    /// The type mutations start from, if the server has mutations.
    public var mutationType: String?
    /// The type subscriptions start from, if the server has subscriptions.
    public var subscriptionType: String?
    /// Every named type, in the server's order.
    public var types: [GraphQLSchemaType]
    private var index: [String: Int]

    /// Creates a schema from its types.
    public init(queryType: String?, mutationType: String? = nil, subscriptionType: String? = nil, types: [GraphQLSchemaType]) {
        self.queryType = queryType
        self.mutationType = mutationType
        self.subscriptionType = subscriptionType
        self.types = types
        index = Dictionary(types.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The type called `name`, if the schema has one.
    public func type(named name: String) -> GraphQLSchemaType? {
        index[name].map { types[$0] }
    }

    /// The root type an operation keyword (`query`, `mutation`, `subscription`) starts from.
    public func rootType(of operation: String) -> String? {
        switch operation {
        case "mutation": return mutationType
        case "subscription": return subscriptionType
        default: return queryType
        }
    }

    /// The field `name` of `typeName`, including the meta-fields every type has (`__typename`) and the query root
    /// has (`__schema`, `__type`); nil when there is none.
    public func field(_ name: String, of typeName: String) -> GraphQLSchemaField? {
        if name == "__typename" { return GraphQLSchemaField(name: name, type: .nonNull(.named("String"))) }
        if typeName == queryType, name == "__schema" { return GraphQLSchemaField(name: name, type: .nonNull(.named("__Schema"))) }
        if typeName == queryType, name == "__type" {
            return GraphQLSchemaField(name: name, arguments: [GraphQLSchemaArgument(name: "name", type: .nonNull(.named("String")))],
                                      type: .named("__Type"))
        }
        return type(named: typeName)?.field(named: name)
    }

    /// True when `typeName` is a type whose fields can be selected (an object or interface) — a union's members are
    /// picked with `... on`, so only `__typename` is known on it.
    public func hasFields(_ typeName: String) -> Bool {
        guard let type = type(named: typeName) else { return false }
        return type.kind == "OBJECT" || type.kind == "INTERFACE" || type.kind == "UNION"
    }
}
