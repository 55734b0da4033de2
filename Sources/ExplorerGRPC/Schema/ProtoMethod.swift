/// One method of a gRPC service.
public struct ProtoMethod: Sendable, Equatable {
    /// The service's full name (`shop.v1.Inventory`).
    public var service: String
    /// The method's name (`GetItem`).
    public var name: String
    /// The request message type's full name.
    public var inputType: String
    /// The reply message type's full name.
    public var outputType: String
    /// The client sends a stream of messages.
    public var clientStreaming: Bool
    /// The server answers with a stream of messages.
    public var serverStreaming: Bool

    /// `shop.v1.Inventory/GetItem`, as requests name it.
    public var reference: String { "\(service)/\(name)" }

    /// The HTTP/2 path of a call: `/shop.v1.Inventory/GetItem`.
    public var path: String { "/\(service)/\(name)" }

    /// `unary`, `server streaming`, `client streaming` or `bidirectional streaming`.
    public var kind: String {
        switch (clientStreaming, serverStreaming) {
        case (false, false): return "unary"
        case (false, true): return "server streaming"
        case (true, false): return "client streaming"
        case (true, true): return "bidirectional streaming"
        }
    }
}
