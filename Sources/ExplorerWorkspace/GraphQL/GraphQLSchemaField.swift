/// A field of an object or interface type: its arguments, its type and its description.
public struct GraphQLSchemaField: Sendable, Equatable {
    /// The name.
    public var name: String
    /// The description the server gives, if any.
    public var description: String?
    /// The arguments it takes.
    public var arguments: [GraphQLSchemaArgument]
    /// The type it returns.
    public var type: GraphQLTypeReference
    /// True when the server marks it deprecated.
    public var isDeprecated: Bool

    /// Creates a field.
    public init(name: String, description: String? = nil, arguments: [GraphQLSchemaArgument] = [], type: GraphQLTypeReference,
                isDeprecated: Bool = false) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.isDeprecated = isDeprecated
    }

    /// The field as a line of the Schema view: `user(id: ID!): User`.
    public var signature: String {
        let arguments = arguments.isEmpty ? "" : "(" + arguments.map { "\($0.name): \($0.type.description)" }.joined(separator: ", ") + ")"
        return name + arguments + ": " + type.description
    }
}
