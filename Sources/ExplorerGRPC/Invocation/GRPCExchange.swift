import Foundation

/// A whole gRPC call as `send`, `run`, history and the explorer see it: what was sent, each reply, the status with its
/// trailers, or why there was no call at all.
public struct GRPCExchange: Sendable {
    /// The method called, once the schema named it.
    public var method: ProtoMethod?
    /// The request messages as sent (JSON).
    public var sent: [String] = []
    /// The metadata sent.
    public var metadata: [(name: String, value: String)] = []
    /// The server's headers.
    public var headers: [(name: String, value: String)] = []
    /// The reply messages in order.
    public var replies: [GRPCReply] = []
    /// How the call ended; nil when it never started (see `failure`).
    public var status: GRPCStatus?
    /// The `grpc-status-details-bin` trailer as JSON, when there was one.
    public var statusDetails: String?
    /// The trailers.
    public var trailers: [(name: String, value: String)] = []
    /// Why no call was made: the connection, the schema, a message that does not encode.
    public var failure: String?
    /// True when the failure is the connection's (exit 2 for `send`); false for the collection's (exit 1).
    public var isTransportFailure = false
    /// Seconds from the start to the end.
    public var duration: Double = 0

    /// An exchange that has not happened yet.
    public init() {}

    /// The replies as one JSON document: the reply of a unary or client-streaming call, an array for a server stream.
    public var body: String {
        if method?.serverStreaming == true { return "[" + replies.map(\.json).joined(separator: ",") + "]" }
        return replies.last?.json ?? ""
    }
}
