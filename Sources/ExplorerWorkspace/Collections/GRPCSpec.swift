/// A gRPC request's `grpc:` block.
public struct GRPCSpec: Sendable, Equatable {
    /// The method called: `shop.v1.Inventory/GetItem`.
    public var method: String

    /// A block calling `method`.
    public init(method: String) { self.method = method }
}
