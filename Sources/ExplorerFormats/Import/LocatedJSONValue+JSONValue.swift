import ExplorerWorkspace

/// Located values as plain JSON values, for validating a response against schemas read from a YAML or JSON spec.
extension LocatedJSONValue {
    /// The value without positions; numbers that do not fit a 64-bit integer become doubles.
    package var jsonValue: JSONValue {
        switch kind {
        case let .object(members):
            var object: [String: JSONValue] = [:]
            for member in members { object[member.key] = member.value.jsonValue }
            return .object(object)
        case let .array(items): return .array(items.map(\.jsonValue))
        case let .string(text): return .string(text)
        case let .number(text):
            if let integer = Int64(text) { return .integer(integer) }
            return .number(Double(text) ?? 0)
        case let .bool(flag): return .bool(flag)
        case .null: return .null
        }
    }
}
