import Foundation

/// Reading a server's answer to the introspection query (`{"data": {"__schema": …}}`), by hand rather than with a
/// GraphQL library: only names, kinds, descriptions, fields, arguments and type references are needed.
extension GraphQLSchema {
    /// The schema in an introspection answer; a body with `errors` and no schema, or a schema missing a name or a
    /// kind, throws an error naming the place.
    public init(introspection data: Data) throws(GraphQLSchemaError) {
        guard data.count <= GraphQLIntrospection.maxAnswerBytes else { throw GraphQLSchemaError(GraphQLIntrospection.tooLargeText) }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw GraphQLSchemaError("the answer is not a JSON object")
        }
        let payload = object["data"] as? [String: Any] ?? object
        guard let schema = payload["__schema"] as? [String: Any] else {
            if let errors = object["errors"] as? [Any], !errors.isEmpty {
                let messages = GraphQLError.errors(in: data).map(\.message).joined(separator: "; ")
                throw GraphQLSchemaError("the server answered with errors: \(messages)")
            }
            throw GraphQLSchemaError("data.__schema is missing: the server may not allow introspection")
        }
        guard let types = schema["types"] as? [Any] else { throw GraphQLSchemaError("data.__schema.types is missing") }
        var read: [GraphQLSchemaType] = []
        for (position, entry) in types.enumerated() {
            read.append(try GraphQLSchema.type(entry, at: "data.__schema.types[\(position)]"))
        }
        func root(_ key: String) -> String? { (schema[key] as? [String: Any])?["name"] as? String }
        self.init(queryType: root("queryType"), mutationType: root("mutationType"), subscriptionType: root("subscriptionType"), types: read)
    }

    private static func type(_ entry: Any, at place: String) throws(GraphQLSchemaError) -> GraphQLSchemaType {
        guard let object = entry as? [String: Any] else { throw GraphQLSchemaError("\(place) is not an object") }
        guard let name = object["name"] as? String else { throw GraphQLSchemaError("\(place).name is missing") }
        guard let kind = object["kind"] as? String else { throw GraphQLSchemaError("\(place).kind is missing") }
        var fields: [GraphQLSchemaField] = []
        for (position, entry) in (object["fields"] as? [Any] ?? []).enumerated() {
            let at = "\(place).fields[\(position)]"
            guard let field = entry as? [String: Any], let fieldName = field["name"] as? String else { throw GraphQLSchemaError("\(at).name is missing") }
            fields.append(GraphQLSchemaField(name: fieldName, description: field["description"] as? String,
                                             arguments: try values(field["args"], at: at + ".args"),
                                             type: try reference(field["type"], at: at + ".type"),
                                             isDeprecated: field["isDeprecated"] as? Bool ?? false))
        }
        let enumValues = (object["enumValues"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.compactMap { value -> GraphQLSchemaArgument? in
            guard let valueName = value["name"] as? String else { return nil }
            return GraphQLSchemaArgument(name: valueName, description: value["description"] as? String, type: .named(name))
        }
        let possible = (object["possibleTypes"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["name"] as? String }
        return GraphQLSchemaType(name: name, kind: kind, description: object["description"] as? String, fields: fields,
                                 inputFields: try values(object["inputFields"], at: place + ".inputFields"), enumValues: enumValues,
                                 possibleTypes: possible)
    }

    private static func values(_ entry: Any?, at place: String) throws(GraphQLSchemaError) -> [GraphQLSchemaArgument] {
        var read: [GraphQLSchemaArgument] = []
        for (position, item) in (entry as? [Any] ?? []).enumerated() {
            let at = "\(place)[\(position)]"
            guard let value = item as? [String: Any], let name = value["name"] as? String else { throw GraphQLSchemaError("\(at).name is missing") }
            read.append(GraphQLSchemaArgument(name: name, description: value["description"] as? String, type: try reference(value["type"], at: at + ".type")))
        }
        return read
    }

    /// A type reference: `{"kind": "NON_NULL", "ofType": {"kind": "LIST", "ofType": {"kind": "OBJECT", "name": "User"}}}`.
    private static func reference(_ entry: Any?, at place: String) throws(GraphQLSchemaError) -> GraphQLTypeReference {
        guard let object = entry as? [String: Any], let kind = object["kind"] as? String else { throw GraphQLSchemaError("\(place).kind is missing") }
        switch kind {
        case "NON_NULL": return .nonNull(try reference(object["ofType"], at: place + ".ofType"))
        case "LIST": return .list(try reference(object["ofType"], at: place + ".ofType"))
        default:
            guard let name = object["name"] as? String else { throw GraphQLSchemaError("\(place).name is missing") }
            return .named(name)
        }
    }
}
