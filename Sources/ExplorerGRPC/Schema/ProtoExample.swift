/// An example message for a type, in proto3 JSON: every field with a placeholder of its type (`""`, `0`, `"0"` for
/// 64-bit integers, an enum's first value, a nested message's own example), one item for repeated fields and maps,
/// the well-known types in their JSON forms. Used for imported requests and new messages in the explorer.
public enum ProtoExample {
    /// The example of `typeName` as pretty JSON (two-space indents).
    public static func json(for typeName: String, in schema: ProtoSchema) -> String {
        value(.message(ProtoSchema.resolved(typeName)), schema: schema, depth: 0, indent: "")
    }

    private static func value(_ type: ProtoFieldType, schema: ProtoSchema, depth: Int, indent: String) -> String {
        switch type {
        case .double, .float, .int32, .uint32, .sint32, .fixed32, .sfixed32: return "0"
        case .int64, .uint64, .sint64, .fixed64, .sfixed64: return "\"0\""
        case .bool: return "false"
        case .string, .bytes: return "\"\""
        case let .enumeration(name):
            if name == ProtoWellKnown.nullValue { return "null" }
            return schema.enums[name]?.values.first.map { ProtoJSONText.quoted($0.name) } ?? "0"
        case .group: return "{}"
        case let .message(name):
            switch name {
            case ProtoWellKnown.timestamp: return "\"1970-01-01T00:00:00Z\""
            case ProtoWellKnown.duration: return "\"0s\""
            case ProtoWellKnown.structType, ProtoWellKnown.any: return "{}"
            case ProtoWellKnown.value: return "null"
            case ProtoWellKnown.listValue: return "[]"
            case ProtoWellKnown.fieldMask: return "\"\""
            default: break
            }
            guard let message = schema.messages[name] else { return "{}" }
            if ProtoWellKnown.wrappers.contains(name), let field = message.field(number: 1) {
                return value(field.type, schema: schema, depth: depth, indent: indent)
            }
            // A message that contains itself stops at its third level.
            guard depth < 3, !message.fields.isEmpty else { return "{}" }
            let inner = indent + "  "
            var seenOneofs = Set<String>()
            var members: [String] = []
            for field in message.fields {
                // One member of each oneof: the message could not have two.
                if let oneof = field.oneof, !seenOneofs.insert(oneof).inserted { continue }
                var text = value(field.type, schema: schema, depth: depth + 1, indent: inner)
                if let entry = field.mapEntry {
                    let key = entry.key == .string ? "key" : entry.key == .bool ? "true" : "0"
                    text = "{" + ProtoJSONText.quoted(key) + ": " + value(entry.value, schema: schema, depth: depth + 1, indent: inner) + "}"
                } else if field.isRepeated {
                    text = "[" + text + "]"
                }
                members.append(inner + ProtoJSONText.quoted(field.jsonName) + ": " + text)
            }
            return "{\n" + members.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}
