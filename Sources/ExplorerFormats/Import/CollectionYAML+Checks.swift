import ExplorerWorkspace
import Yams

extension CollectionYAML {
    /// One item of `captures:`, as the parser reads it back.
    static func capture(_ capture: CaptureSpec) -> Node? {
        var pairs: [(String, Node)] = [("name", text(capture.name))]
        switch capture.source {
        case let .jsonPath(path): pairs.append(("json", text(path)))
        case let .header(name): pairs.append(("header", text(name)))
        case .status: pairs.append(("status", plain("true")))
        case let .regex(pattern): pairs.append(("regex", text(pattern)))
        case let .cookie(name): pairs.append(("cookie", text(name)))
        }
        if capture.secret { pairs.append(("secret", plain("true"))) }
        return mapping(pairs)
    }

    /// One item of `checks:`, as the parser reads it back; nil for a check that has no file form.
    static func check(_ check: CheckSpec) -> Node? {
        switch check.kind {
        case let .status(expected): return mapping([("status", text(expected.description))])
        case let .header(name, equals, matches):
            var pairs: [(String, Node)] = [("header", text(name))]
            if let equals { pairs.append(("equals", text(equals))) }
            if let matches { pairs.append(("matches", text(matches))) }
            return mapping(pairs)
        case let .jsonPath(path, assertion):
            var pairs: [(String, Node)] = [("json", text(path))]
            switch assertion {
            case let .equals(value): pairs.append(("equals", node(value)))
            case let .contains(value): pairs.append(("contains", node(value)))
            case let .matches(pattern): pairs.append(("matches", text(pattern)))
            case let .exists(flag): pairs.append(("exists", plain(flag ? "true" : "false")))
            case let .type(name): pairs.append(("type", text(name)))
            case let .count(count): pairs.append(("count", plain(String(count))))
            }
            return mapping(pairs)
        case let .bodyContains(value): return mapping([("bodyContains", text(value))])
        case .noGraphQLErrors: return mapping([("graphqlErrors", plain("none"))])
        case let .grpcStatus(code): return mapping([("grpcStatus", plain(code.name))])
        case .conformsToSpec: return mapping([("conformsToSpec", plain("true"))])
        case let .responseTimeBelow(limit): return mapping([("responseTimeBelow", plain(YAMLText.number(limit)))])
        case let .events(count, min, max):
            let bounds = [("count", count), ("min", min), ("max", max)].compactMap { name, value in value.map { (name, plain(String($0))) } }
            return mapping([("events", .mapping(Node.Mapping(bounds.map { (text($0.0), $0.1) }, Tag(.map), .flow)))])
        case let .firstEventBelow(limit): return mapping([("firstEventBelow", plain(YAMLText.number(limit)))])
        case let .schema(path): return mapping([("schema", text(path))])
        case .capture, .scriptTest, .invalid: return nil
        }
    }

    /// A JSON value as YAML: a string quoted (so `"1"` stays text), other scalars plain, arrays and objects as flow.
    private static func node(_ value: JSONValue) -> Node {
        switch value {
        case let .string(string): return Node(string, Tag(.str), .doubleQuoted)
        case let .array(items): return .sequence(Node.Sequence(items.map(node), Tag(.seq), .flow))
        case let .object(members):
            return .mapping(Node.Mapping(members.keys.sorted().map { (text($0), node(members[$0] ?? .null)) }, Tag(.map), .flow))
        default: return plain(value.compactText)
        }
    }
}
