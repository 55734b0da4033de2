/// A gRPC service and its methods in declaration order.
public struct ProtoService: Sendable, Equatable {
    /// The full name (`shop.v1.Inventory`).
    public var fullName: String
    /// The methods.
    public var methods: [ProtoMethod]
}
