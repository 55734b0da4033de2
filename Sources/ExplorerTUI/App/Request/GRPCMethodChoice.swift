/// A method of a gRPC server as the method picker offers it: its reference, kind, and an example request message.
public struct GRPCMethodChoice: Sendable, Equatable {
    /// `shop.v1.Inventory/GetItem`.
    public var reference: String
    /// `unary`, `server streaming`, `client streaming` or `bidirectional streaming`.
    public var kind: String
    /// The request message's type (`shop.v1.GetItemRequest`).
    public var inputType: String
    /// An example of the request message, pretty JSON.
    public var example: String
    /// The client sends a stream: the example goes to `messages:` rather than the body.
    public var clientStreaming: Bool

    /// A choice.
    public init(reference: String, kind: String, inputType: String, example: String, clientStreaming: Bool) {
        self.reference = reference
        self.inputType = inputType
        self.kind = kind
        self.example = example
        self.clientStreaming = clientStreaming
    }
}
