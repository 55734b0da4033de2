/// Why an introspection answer could not be read as a schema; the message names the field that is wrong.
public struct GraphQLSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the place (`data.__schema.types[3].name is missing`).
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
