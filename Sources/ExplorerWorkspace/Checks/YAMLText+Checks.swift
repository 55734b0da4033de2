import ExplorerCore

/// The `needs:`, `captures:` and `checks:` blocks of a request file, written as the loader reads them back.
extension YAMLText {
    /// The `needs:` block, or no lines for none.
    static func needsBlock(_ needs: [RequestNeed]) -> [String] {
        needs.isEmpty ? [] : ["needs:"] + needs.map { "  - \(scalar($0.reference))" }
    }

    /// The `captures:` block, or no lines for none.
    static func capturesBlock(_ captures: [CaptureSpec]) -> [String] {
        guard !captures.isEmpty else { return [] }
        return ["captures:"] + captures.flatMap { capture -> [String] in
            var lines = ["  - name: \(scalar(capture.name))"]
            switch capture.source {
            case let .jsonPath(path): lines.append("    json: \(scalar(path))")
            case let .header(name): lines.append("    header: \(scalar(name))")
            case .status: lines.append("    status: true")
            case let .regex(pattern): lines.append("    regex: \(scalar(pattern))")
            case let .cookie(name): lines.append("    cookie: \(scalar(name))")
            }
            if capture.secret { lines.append("    secret: true") }
            return lines
        }
    }

    /// The `checks:` block, or no lines for none; a schema's path is written relative to `requestFile`. Checks that
    /// were never written in a file (a run's capture checks, ones that could not be read) have no lines.
    static func checksBlock(_ checks: [CheckSpec], requestFile: String) -> [String] {
        guard !checks.isEmpty else { return [] }
        return ["checks:"] + checks.flatMap { check -> [String] in
            switch check.kind {
            case let .status(expected): return ["  - status: \(scalar(expected.description))"]
            case let .header(name, equals, matches):
                return ["  - header: \(scalar(name))"] + (equals.map { ["    equals: \(scalar($0))"] } ?? []) + (matches.map { ["    matches: \(scalar($0))"] } ?? [])
            case let .jsonPath(path, assertion):
                let first = "  - json: \(scalar(path))"
                switch assertion {
                case let .equals(value): return [first, "    equals: \(yaml(value))"]
                case let .contains(value): return [first, "    contains: \(yaml(value))"]
                case let .matches(pattern): return [first, "    matches: \(scalar(pattern))"]
                case let .exists(flag): return [first, "    exists: \(flag)"]
                case let .type(name): return [first, "    type: \(name)"]
                case let .count(count): return [first, "    count: \(count)"]
                }
            case let .bodyContains(text): return ["  - bodyContains: \(scalar(text))"]
            case .noGraphQLErrors: return ["  - graphqlErrors: none"]
            case let .grpcStatus(code): return ["  - grpcStatus: \(code.name)"]
            case .conformsToSpec: return ["  - conformsToSpec: true"]
            case let .responseTimeBelow(limit): return ["  - responseTimeBelow: \(number(limit))"]
            case let .events(count, min, max):
                let bounds = [count.map { "count: \($0)" }, min.map { "min: \($0)" }, max.map { "max: \($0)" }].compactMap { $0 }
                return ["  - \(check.namesMessages ? "messages" : "events"): {\(bounds.joined(separator: ", "))}"]
            case let .firstEventBelow(limit): return ["  - \(check.namesMessages ? "firstMessageBelow" : "firstEventBelow"): \(number(limit))"]
            case let .schema(path): return ["  - schema: \(scalar(CheckRow.relative(path, to: PathText.deletingLastComponent(requestFile))))"]
            case .capture, .scriptTest, .invalid: return []
            }
        }
    }

    /// A JSON value as YAML reads it back: text quoted where it would read as another type, the rest as JSON.
    private static func yaml(_ value: JSONValue) -> String {
        switch value {
        case let .string(text): return scalar(text)
        case let .number(number): return YAMLText.number(number)
        default: return value.compactText
        }
    }
}
