
/// Example values generated from schemas: required properties (all of them when none is required), types and
/// formats, the first enum value, nested objects and arrays, `allOf` merged, the first `oneOf`/`anyOf` branch.
extension OpenAPIReader {
    /// How deep generated examples go: deeper schemas are usually recursive ones, and a person edits the body anyway.
    package static let sampleDepth = 8

    /// An example of `schema`, or nil when it gives nothing to show (too deep, a broken reference, a schema that
    /// contains itself). `writing` leaves out read-only properties, as request bodies do.
    package mutating func sample(_ schema: OpenAPINode, depth: Int = 0, allProperties: Bool = false) -> LocatedJSONValue? {
        guard depth <= Self.sampleDepth else { return nil }
        guard let entry = enter(schema) else { return nil }
        let resolved = entry.node
        defer { if entry.entered { sampling.removeLast() } }
        if let given = givenExample(resolved) { return given }
        if let branches = resolved["allOf"]?.items, !branches.isEmpty {
            let shape = objectShape(resolved, depth: depth)
            if !shape.properties.isEmpty { return object(shape, depth: depth, allProperties: allProperties) }
            for branch in branches { if let value = sample(branch, depth: depth + 1, allProperties: allProperties) { return value } }
            return nil
        }
        if resolved["properties"] == nil, let branch = (resolved["oneOf"] ?? resolved["anyOf"])?.items.first {
            return sample(branch, depth: depth + 1, allProperties: allProperties)
        }
        switch type(of: resolved) {
        case "object":
            return object(objectShape(resolved, depth: depth), depth: depth, allProperties: allProperties)
        case "array":
            let item = resolved["items"].flatMap { sample($0, depth: depth + 1) }
            return Self.value(.array(item.map { [$0] } ?? []))
        case "integer":
            return Self.value(.number(resolved["minimum"]?.value.text.flatMap { Int($0) }.map(String.init) ?? "0"))
        case "number":
            if case let .number(minimum)? = resolved["minimum"]?.value.kind { return Self.value(.number(minimum)) }
            return Self.value(.number("0"))
        case "boolean":
            return Self.value(.bool(true))
        case "null":
            return Self.value(.null)
        case "string":
            return Self.value(.string(Self.sampleString(format: resolved["format"]?.text ?? "")))
        default:
            return nil
        }
    }

    /// The properties of an object schema and its `allOf` branches, merged in order, and which are required.
    package mutating func objectShape(_ schema: OpenAPINode, depth: Int) -> (properties: [(key: String, node: OpenAPINode)], required: Set<String>) {
        var properties: [(key: String, node: OpenAPINode)] = []
        var required: Set<String> = []
        func merge(_ node: OpenAPINode, level: Int) {
            guard level <= Self.sampleDepth, let entry = enter(node) else { return }
            let resolved = entry.node
            defer { if entry.entered { sampling.removeLast() } }
            for branch in resolved["allOf"]?.items ?? [] { merge(branch, level: level + 1) }
            if resolved["properties"] == nil, resolved["allOf"] == nil, let first = (resolved["oneOf"] ?? resolved["anyOf"])?.items.first {
                merge(first, level: level + 1)
            }
            for member in resolved["properties"]?.members ?? [] {
                if let index = properties.firstIndex(where: { $0.key == member.key }) { properties[index] = member } else { properties.append(member) }
            }
            for name in resolved["required"]?.items.compactMap(\.text) ?? [] { required.insert(name) }
        }
        merge(schema, level: depth)
        return (properties, required)
    }

    /// An object of the shape's required properties (all of them when none is, or when `allProperties`), skipping
    /// read-only ones (write-only ones in a response).
    private mutating func object(_ shape: (properties: [(key: String, node: OpenAPINode)], required: Set<String>), depth: Int,
                                 allProperties: Bool) -> LocatedJSONValue {
        var members: [(key: String, value: LocatedJSONValue)] = []
        for (name, property) in shape.properties {
            guard allProperties || shape.required.isEmpty || shape.required.contains(name) else { continue }
            // A request leaves out what only the server writes; a response (the mock's) what only the client does.
            if let resolved = references.resolve(property, report: &report), resolved[samplesResponses ? "writeOnly" : "readOnly"]?.isTrue == true { continue }
            if let value = sample(property, depth: depth + 1) { members.append((name, value)) }
        }
        return Self.value(.object(members))
    }

    /// The schema with its `$ref`s followed, and whether a reference was entered (and must be left); nil for a broken
    /// reference or one to a schema already being sampled, which is reported once.
    private mutating func enter(_ schema: OpenAPINode) -> (node: OpenAPINode, entered: Bool)? {
        guard let reference = schema.value["$ref"]?.stringValue else { return (schema, false) }
        let target = references.targetPlace(of: reference, from: schema.file)
        if sampling.contains(target) {
            references.note(target, "the schema contains itself (through \(references.place(schema))); generated examples stop there", report: &report)
            return nil
        }
        guard let resolved = references.resolve(schema, report: &report) else { return nil }
        sampling.append(target)
        return (resolved, true)
    }

    /// `example`, the first of `examples` (3.1), `default`, `const` or the first `enum` value of a schema.
    private func givenExample(_ schema: OpenAPINode) -> LocatedJSONValue? {
        if let example = schema["example"]?.value { return example }
        if let first = schema["examples"]?.value.items?.first { return first }
        if let value = schema["default"]?.value ?? schema["const"]?.value { return value }
        return schema["enum"]?.value.items?.first
    }

    /// The schema's type: `type` (the first that is not `null` in a 3.1 list), else what its keys imply.
    private func type(of schema: OpenAPINode) -> String? {
        if let text = schema["type"]?.text { return text }
        if let list = schema["type"]?.items.compactMap(\.text) { return list.first { $0 != "null" } ?? list.first }
        if schema["properties"] != nil || schema["additionalProperties"] != nil { return "object" }
        if schema["items"] != nil { return "array" }
        return nil
    }

    /// A string that fits `format`.
    package static func sampleString(format: String) -> String {
        switch format {
        case "date": return "2024-01-31"
        case "date-time": return "2024-01-31T12:00:00Z"
        case "time": return "12:00:00"
        case "email": return "user@example.com"
        case "uuid": return "3fa85f64-5717-4562-b3fc-2c963f66afa6"
        case "uri", "url": return "https://example.com"
        case "hostname": return "example.com"
        case "ipv4": return "192.0.2.1"
        case "ipv6": return "2001:db8::1"
        case "byte": return "c3RyaW5n"
        case "binary": return ""
        default: return "string"
        }
    }

    /// A value made here rather than read from a file (it has no line).
    package static func value(_ kind: LocatedJSONValue.Kind) -> LocatedJSONValue {
        LocatedJSONValue(kind: kind, line: 0, column: 0)
    }
}
