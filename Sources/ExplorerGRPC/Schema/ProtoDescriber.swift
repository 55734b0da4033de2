/// A service, method, message or enum of a schema written as `.proto` declares it, for `apiexplorer grpc describe`.
public enum ProtoDescriber {
    /// The declaration of `symbol` (`shop.v1.Inventory`, `shop.v1.Inventory/GetItem` or `.GetItem`, `shop.v1.Item`,
    /// `shop.v1.Color`); a clear error naming what exists when there is no such symbol.
    public static func describe(_ symbol: String, in schema: ProtoSchema) throws(ProtoSchemaError) -> String {
        let name = ProtoSchema.resolved(symbol)
        if let service = schema.services.first(where: { $0.fullName == name }) {
            return "service \(service.fullName) {\n" + service.methods.map { "  " + rpc($0) + "\n" }.joined() + "}\n"
        }
        if let message = schema.messages[name] { return describe(message, in: schema) }
        if let type = schema.enums[name] {
            return "enum \(type.fullName) {\n" + type.values.map { "  \($0.name) = \($0.number);\n" }.joined() + "}\n"
        }
        if name.contains("/") || name.contains(".") {
            if let method = try? schema.method(name) {
                return rpc(method) + "\n\n" + describe(try schema.message(method.inputType), in: schema)
            }
        }
        let known = schema.services.map(\.fullName) + schema.messages.keys.filter { !$0.hasPrefix("google.protobuf.") }.sorted()
        throw ProtoSchemaError("no service, method, message or enum \"\(symbol)\" in the schema (try: \(known.prefix(12).joined(separator: ", ")))")
    }

    /// `rpc ListItems(shop.v1.ListItemsRequest) returns (stream shop.v1.Item);`
    public static func rpc(_ method: ProtoMethod) -> String {
        "rpc \(method.name)(\(method.clientStreaming ? "stream " : "")\(method.inputType)) returns (\(method.serverStreaming ? "stream " : "")\(method.outputType));"
    }

    private static func describe(_ message: ProtoMessageType, in schema: ProtoSchema) -> String {
        var lines = ["message \(message.fullName) {"]
        var openOneof: String?
        for field in message.fields {
            if field.oneof != openOneof {
                if openOneof != nil { lines.append("  }") }
                if let oneof = field.oneof { lines.append("  oneof \(oneof) {") }
                openOneof = field.oneof
            }
            let indent = openOneof == nil ? "  " : "    "
            let type: String
            if let entry = field.mapEntry {
                type = "map<\(entry.key.protoName), \(entry.value.protoName)>"
            } else {
                type = (field.isRepeated ? "repeated " : "") + field.type.protoName
            }
            lines.append("\(indent)\(type) \(field.name) = \(field.number);" + (field.jsonName != ProtoSchema.camelCase(field.name) ? "  // JSON: \(field.jsonName)" : ""))
        }
        if openOneof != nil { lines.append("  }") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
