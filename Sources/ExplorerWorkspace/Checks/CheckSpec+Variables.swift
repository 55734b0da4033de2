import Foundation

extension CheckSpec {
    /// The check with `{{variables}}`, captures and built-ins substituted in every value it compares with (and in a
    /// JSONPath), as a request's values are. A value that is a whole `{{name}}` and resolves to a JSON number, `true`,
    /// `false` or `null` compares as that JSON value, so `equals: "{{id}}"` matches a captured numeric id.
    public func resolvingVariables(with resolver: VariableResolver) throws(VariableError) -> CheckSpec {
        var copy = self
        switch kind {
        case let .header(name, equals, matches):
            copy.kind = .header(name: name, equals: try equals.map(resolver.resolve), matches: try matches.map(resolver.resolve))
        case let .jsonPath(path, assertion):
            let resolvedPath = try resolver.resolve(path)
            switch assertion {
            case let .equals(value): copy.kind = .jsonPath(resolvedPath, .equals(try Self.resolve(value, with: resolver)))
            case let .contains(value): copy.kind = .jsonPath(resolvedPath, .contains(try Self.resolve(value, with: resolver)))
            case let .matches(pattern): copy.kind = .jsonPath(resolvedPath, .matches(try resolver.resolve(pattern)))
            case .exists, .type, .count: copy.kind = .jsonPath(resolvedPath, assertion)
            }
        case let .bodyContains(text):
            copy.kind = .bodyContains(try resolver.resolve(text))
        case .status, .grpcStatus, .noGraphQLErrors, .conformsToSpec, .responseTimeBelow, .events, .firstEventBelow, .schema, .capture,
             .scriptTest, .invalid:
            break
        }
        return copy
    }

    /// `value` with its strings resolved; a string that is one whole `{{name}}` becomes a JSON scalar when its value is one.
    private static func resolve(_ value: JSONValue, with resolver: VariableResolver) throws(VariableError) -> JSONValue {
        switch value {
        case let .string(text):
            guard text.contains("{{") else { return value }
            let resolved = try resolver.resolve(text)
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let isWhole = trimmed.hasPrefix("{{") && trimmed.hasSuffix("}}") && trimmed.dropFirst(2).dropLast(2).contains("{{") == false
            guard isWhole, let scalar = JSONValue.parse(Data(resolved.utf8)) else { return .string(resolved) }
            switch scalar {
            case .integer, .number, .bool, .null: return scalar
            case .string, .array, .object: return .string(resolved)
            }
        case let .array(items):
            var resolvedItems: [JSONValue] = []
            for item in items { resolvedItems.append(try resolve(item, with: resolver)) }
            return .array(resolvedItems)
        case let .object(members):
            var resolvedMembers: [String: JSONValue] = [:]
            for (key, member) in members { resolvedMembers[key] = try resolve(member, with: resolver) }
            return .object(resolvedMembers)
        case .null, .bool, .integer, .number:
            return value
        }
    }
}
