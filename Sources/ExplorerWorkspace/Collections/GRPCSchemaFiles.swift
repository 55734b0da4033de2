/// Where a collection's gRPC schema comes from when not from server reflection: a descriptor set (`protoset:`, made by
/// `protoc --descriptor_set_out --include_imports`) or `.proto` files (`proto:`, compiled with protoc).
public struct GRPCSchemaFiles: Sendable, Equatable {
    /// The descriptor set: an absolute path once loaded, written relative to the collection's directory.
    public var protoset: String?
    /// The `.proto` files, likewise.
    public var proto: [String] = []

    /// No files: schemas come from reflection.
    public init(protoset: String? = nil, proto: [String] = []) {
        self.protoset = protoset
        self.proto = proto
    }

}
