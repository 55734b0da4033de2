import Yams

extension CollectionFileParser {
    /// A request's `grpc:` block: `method: package.Service/Method`.
    func grpc(_ map: YAMLMap) throws(CollectionProblem) -> GRPCSpec? {
        guard let block = try map.map("grpc") else { return nil }
        let method = try block.requiredString("method", in: "'grpc'")
        let parts = method.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
            throw CollectionProblem(block.location("method"), "expected 'method' to name a gRPC method as package.Service/Method (like shop.v1.Inventory/GetItem), found '\(method)'")
        }
        return GRPCSpec(method: method)
    }

    /// A collection's `protoset:` (one file) and `proto:` (a file or a list), as written.
    func grpcSchemaFiles(_ map: YAMLMap) throws(CollectionProblem) -> GRPCSchemaFiles {
        var files = GRPCSchemaFiles(protoset: try map.string("protoset"))
        if case let .scalar(scalar)? = map.node("proto") {
            files.proto = [scalar.string]
        } else {
            files.proto = try map.list("proto").map { item throws(CollectionProblem) -> String in
                guard case let .scalar(scalar) = item, scalar.string.hasSuffix(".proto") else {
                    throw CollectionProblem(YAMLMap.location(of: item, in: file), "expected each item of 'proto' to be a .proto file, found \(YAMLMap.kind(of: item))")
                }
                return scalar.string
            }
        }
        if files.protoset != nil, !files.proto.isEmpty {
            throw CollectionProblem(map.location("proto"), "give 'protoset' or 'proto', not both: the descriptor set already holds the schema")
        }
        return files
    }
}
