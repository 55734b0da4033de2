/// One reply message of a call, decoded.
public struct GRPCReply: Sendable, Equatable {
    /// The message in proto3's JSON mapping (compact, fields in declaration order).
    public var json: String
    /// What the schema does not describe in it (fields it lacks), reported rather than dropped.
    public var unknownFields: [String]
    /// Seconds from the call's start to the message's arrival.
    public var time: Double
}
