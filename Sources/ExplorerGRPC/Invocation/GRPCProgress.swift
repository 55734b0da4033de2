/// What a running call reports as it goes, for a caller that prints or shows it live.
public enum GRPCProgress: Sendable {
    /// Connected to the server (its address), and the method found in the schema.
    case started(address: String, method: ProtoMethod)
    /// A request message went out (JSON).
    case sent(String)
    /// The server's headers.
    case headers([(name: String, value: String)])
    /// A reply message.
    case reply(GRPCReply)
}
