/// An argument of a field, or a field of an input type, with its type and description.
public struct GraphQLSchemaArgument: Sendable, Equatable {
    /// The name.
    public var name: String
    /// The description the server gives, if any.
    public var description: String?
    /// Its type.
    public var type: GraphQLTypeReference

    /// Creates an argument.
    public init(name: String, description: String? = nil, type: GraphQLTypeReference) {
        self.name = name
        self.description = description
        self.type = type
    }
}
