/// What a call receives, in order: the server's headers, each reply message, then how it ended.
public enum GRPCEvent: Sendable {
    /// The response headers (the server's initial metadata).
    case headers([(name: String, value: String)])
    /// One reply message, decompressed.
    case message([UInt8])
    /// The status and the trailers; the last event of every call, also when it failed or was cancelled.
    case end(GRPCStatus, trailers: [(name: String, value: String)])
}
