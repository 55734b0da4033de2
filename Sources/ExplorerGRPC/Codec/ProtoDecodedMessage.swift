/// A message decoded to proto3 JSON, with what the decoder met that the schema does not describe.
public struct ProtoDecodedMessage: Sendable, Equatable {
    /// Compact JSON, fields in declaration order, defaults left out as the mapping says.
    public var json: String
    /// Fields the schema does not have (`$.size: field 99, varint`), and values that could not be shown as their type
    /// says; kept so that a reply is never silently smaller than what the server sent.
    public var unknownFields: [String]
}
