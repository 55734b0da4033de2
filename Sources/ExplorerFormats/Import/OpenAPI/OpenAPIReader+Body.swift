import ExplorerCore
import ExplorerWorkspace

/// Request bodies: the first of JSON, form, multipart or text that the operation accepts, from its example or made
/// from its schema.
extension OpenAPIReader {
    /// The operation's body and the headers it needs (a content type that is not the body kind's own).
    package mutating func body(of operation: OpenAPINode, parameters: [OpenAPINode]) -> (body: BodySpec, headers: [KeyValue]) {
        if isSwagger { return swaggerBody(of: operation, parameters: parameters) }
        guard let declared = operation["requestBody"], let requestBody = references.resolve(declared, report: &report) else { return (.none, []) }
        let content = requestBody["content"]?.members ?? []
        let choices = content.compactMap { entry in Self.kind(of: entry.key).map { (kind: $0, type: entry.key, media: entry.node) } }
        guard let chosen = choices.min(by: { $0.kind.rawValue < $1.kind.rawValue }) else {
            if let first = content.first {
                report.add(references.place(requestBody), "request bodies of type '\(TerminalSafeText.sanitize(first.key))' are not converted; choose a file body by hand")
            }
            return (.none, [])
        }
        let media = chosen.media
        var example = media["example"]?.value
        if example == nil, let first = media["examples"]?.members.first?.node, let resolved = references.resolve(first, report: &report) {
            example = resolved["value"]?.value
            if example == nil, resolved["externalValue"] != nil {
                report.add(references.place(resolved), "an external example is not fetched; the body is made from the schema")
            }
        }
        let schema = media["schema"]
        let contentType = chosen.type.split(separator: ";").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? chosen.type
        switch chosen.kind {
        case .json:
            let value = example ?? schema.flatMap { sample($0) } ?? Self.value(.object([]))
            let header = contentType.lowercased() == "application/json" ? [] : [KeyValue("Content-Type", contentType)]
            return (.json(value.jsonText), header)
        case .text:
            let value = example ?? schema.flatMap { sample($0) }
            return (.text(value.map { $0.stringValue ?? $0.jsonText } ?? "", contentType: contentType), [])
        case .form, .multipart:
            let fields = formFields(example: example, schema: schema)
            if chosen.kind == .form { return (.form(fields.map { KeyValue($0.name, $0.value, enabled: $0.enabled) }), []) }
            return (.multipart(fields.map { MultipartField(name: $0.name, value: $0.isFile ? nil : $0.value, file: $0.isFile ? $0.name : nil, enabled: $0.enabled) }), [])
        }
    }

    /// The kind of body a media type is sent as, nil for one apiexplorer has no body for (binary, images…).
    package static func kind(of mediaType: String) -> OpenAPIBodyKind? {
        let type = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if type == "application/json" || type.hasSuffix("+json") || type.hasSuffix("/json") { return .json }
        if type == "application/x-www-form-urlencoded" { return .form }
        if type.hasPrefix("multipart/") { return .multipart }
        if type.hasPrefix("text/") || type.hasSuffix("/xml") || type.hasSuffix("+xml") || type == "*/*" { return .text }
        return nil
    }

    /// Form fields from an example object, else from the schema's properties (optional ones switched off); a binary
    /// property is a file part named after the field.
    private mutating func formFields(example: LocatedJSONValue?, schema: OpenAPINode?) -> [(name: String, value: String, enabled: Bool, isFile: Bool)] {
        if let members = example?.members {
            return members.map { ($0.key, $0.value.fieldText, true, false) }
        }
        guard let schema else { return [] }
        let shape = objectShape(schema, depth: 0)
        return shape.properties.map { name, property in
            let resolved = references.resolve(property, report: &report)
            let format = resolved?["format"]?.text ?? ""
            let isFile = format == "binary" || format == "base64" || resolved?["type"]?.text == "file"
            let value = isFile ? "" : sample(property, depth: 1)?.fieldText ?? ""
            return (name, value, shape.required.isEmpty || shape.required.contains(name), isFile)
        }
    }

    /// Swagger 2.0: an `in: body` parameter's schema, or the `in: formData` parameters as a form (multipart when it
    /// consumes `multipart/form-data` or has a file).
    private mutating func swaggerBody(of operation: OpenAPINode, parameters: [OpenAPINode]) -> (body: BodySpec, headers: [KeyValue]) {
        let consumes = (operation["consumes"] ?? document["consumes"])?.items.compactMap(\.text) ?? []
        if let parameter = parameters.first(where: { $0["in"]?.text == "body" }) {
            let kinds = consumes.compactMap(Self.kind(of:))
            let value = parameter["x-example"]?.value ?? parameter["schema"].flatMap { sample($0) } ?? Self.value(.object([]))
            if kinds.isEmpty || kinds.contains(.json) {
                let type = consumes.first { Self.kind(of: $0) == .json } ?? "application/json"
                return (.json(value.jsonText), type.lowercased() == "application/json" ? [] : [KeyValue("Content-Type", type)])
            }
            return (.text(value.stringValue ?? value.jsonText, contentType: consumes.first), [])
        }
        let fields = parameters.filter { $0["in"]?.text == "formData" }
        guard !fields.isEmpty else { return (.none, []) }
        let multipart = consumes.contains { $0.lowercased().hasPrefix("multipart/") } || fields.contains { $0["type"]?.text == "file" }
        var parts: [MultipartField] = []
        var pairs: [KeyValue] = []
        for field in fields {
            guard let name = field["name"]?.text else { continue }
            let enabled = field["required"]?.isTrue == true
            let isFile = field["type"]?.text == "file"
            let value = isFile ? "" : (field["x-example"]?.value ?? sample(field))?.fieldText ?? ""
            parts.append(MultipartField(name: name, value: isFile ? nil : value, file: isFile ? name : nil, enabled: enabled))
            pairs.append(KeyValue(name, value, enabled: enabled))
        }
        return multipart ? (.multipart(parts), []) : (.form(pairs), [])
    }
}
