/// Why descriptors could not be read or a name was not found in them.
public struct ProtoSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message, naming the file, symbol or type.
    public var description: String

    /// An error with this message.
    public init(_ description: String) { self.description = description }
}
