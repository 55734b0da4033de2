/// A call that never started: the URL is not gRPC's, or the connection could not be opened (worded as HTTP
/// requests word it, with what to try).
public struct GRPCFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened and what to try.
    public var description: String

    /// A failure with this text.
    public init(_ description: String) { self.description = description }
}
