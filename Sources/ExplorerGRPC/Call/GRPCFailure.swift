/// A call that never started: the URL is not gRPC's, or the connection could not be opened (worded as HTTP
/// requests word it, with what to try).
public struct GRPCFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened and what to try.
    public var description: String
    /// True when the connection or the server failed (`send` exits 2), false when the request or schema is at fault (1).
    public var isConnection: Bool

    /// A failure with this text.
    public init(_ description: String, isConnection: Bool = false) {
        self.description = description
        self.isConnection = isConnection
    }
}
