/// A named type of a schema: an object, interface, union, enum, input object or scalar, with what it holds.
public struct GraphQLSchemaType: Sendable, Equatable {
    /// The name.
    public var name: String
    /// The kind as introspection names it: `OBJECT`, `INTERFACE`, `UNION`, `ENUM`, `INPUT_OBJECT`, `SCALAR`.
    public var kind: String
    /// The description the server gives, if any.
    public var description: String?
    /// The fields of an object or interface type.
    public var fields: [GraphQLSchemaField]
    /// The fields of an input object type.
    public var inputFields: [GraphQLSchemaArgument]
    /// The values of an enum type.
    public var enumValues: [GraphQLSchemaArgument]
    /// The types a union or interface may be.
    public var possibleTypes: [String]

    /// Creates a type.
    public init(name: String, kind: String, description: String? = nil, fields: [GraphQLSchemaField] = [],
                inputFields: [GraphQLSchemaArgument] = [], enumValues: [GraphQLSchemaArgument] = [], possibleTypes: [String] = []) {
        self.name = name
        self.kind = kind
        self.description = description
        self.fields = fields
        self.inputFields = inputFields
        self.enumValues = enumValues
        self.possibleTypes = possibleTypes
    }

    /// The field called `name`, if the type has one.
    public func field(named name: String) -> GraphQLSchemaField? {
        fields.first { $0.name == name }
    }

    /// True for the types introspection itself adds (`__Schema`, `__Type`…), which the Schema view lists last.
    public var isIntrospection: Bool { name.hasPrefix("__") }
}
