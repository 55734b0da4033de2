/// Every `$ref` an operation reaches, followed once at import: a broken one is reported by its JSON pointer even where
/// no part of the request is made from it (a response schema, an optional property), since a contract check that
/// later meets it could not say which reference was at fault.
extension OpenAPIReader {
    /// The schema keywords whose value is one schema.
    private static let schemaKeys = ["items", "additionalProperties", "additionalItems", "not", "if", "then", "else", "contains",
                                     "propertyNames", "unevaluatedItems", "unevaluatedProperties"]
    /// The schema keywords whose value is a list of schemas.
    private static let schemaListKeys = ["allOf", "oneOf", "anyOf", "prefixItems"]
    /// The schema keywords whose value maps names to schemas.
    private static let schemaMapKeys = ["properties", "patternProperties", "dependentSchemas"]

    /// Follows the references of the path item's and the operation's parameters, the request body, and every
    /// response's headers and content, down through the schemas they name.
    package mutating func checkReferences(item: OpenAPINode, operation: OpenAPINode) {
        for list in [item["parameters"], operation["parameters"]] {
            for parameter in list?.items ?? [] {
                guard let resolved = follow(parameter) else { continue }
                checkSchema(resolved["schema"])
                checkContent(resolved["content"])
                checkExamples(resolved["examples"])
            }
        }
        if let body = operation["requestBody"], let resolved = follow(body) { checkContent(resolved["content"]) }
        for response in operation["responses"]?.members ?? [] {
            guard let resolved = follow(response.node) else { continue }
            checkContent(resolved["content"])
            // Swagger 2.0 keeps a response's schema in the response itself.
            checkSchema(resolved["schema"])
            for header in resolved["headers"]?.members ?? [] {
                guard let header = follow(header.node) else { continue }
                checkSchema(header["schema"])
                checkContent(header["content"])
            }
        }
    }

    /// The schemas and examples of each media type of a `content` map.
    private mutating func checkContent(_ content: OpenAPINode?) {
        for media in content?.members ?? [] {
            checkSchema(media.node["schema"])
            checkExamples(media.node["examples"])
        }
    }

    /// The example objects of an `examples` map, which may be references themselves.
    private mutating func checkExamples(_ examples: OpenAPINode?) {
        for example in examples?.members ?? [] { _ = follow(example.node) }
    }

    /// A schema and, through its keywords, every schema nested in it.
    private mutating func checkSchema(_ node: OpenAPINode?) {
        guard let node, node.value.members != nil, let schema = follow(node) else { return }
        for key in Self.schemaKeys {
            guard let child = schema[key] else { continue }
            // `items` was a list of schemas in older JSON Schema drafts.
            if child.value.items != nil { child.items.forEach { checkSchema($0) } } else { checkSchema(child) }
        }
        for key in Self.schemaListKeys { schema[key]?.items.forEach { checkSchema($0) } }
        for key in Self.schemaMapKeys { schema[key]?.members.forEach { checkSchema($0.node) } }
    }

    /// `node` with its references followed (a broken one is reported), or nil when they are broken or the place they
    /// lead to was already walked, so a schema that contains itself or serves many operations is walked once.
    private mutating func follow(_ node: OpenAPINode) -> OpenAPINode? {
        guard let resolved = references.resolve(node, report: &report) else { return nil }
        guard checkedPlaces.insert(references.place(resolved)).inserted else { return nil }
        return resolved
    }
}
