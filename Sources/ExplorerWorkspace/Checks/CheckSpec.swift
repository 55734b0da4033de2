import ExplorerCore

/// One entry of a `checks:` list on a request, folder or collection.
public struct CheckSpec: Sendable, Equatable {
    /// What is tested.
    public var kind: CheckKind
    /// Where the check is written, for messages.
    public var location: SourceLocation
    /// True for an events check written with a WebSocket conversation's words (`messages:`, `firstMessageBelow:`):
    /// it is written back, summed up and failed in them.
    public var namesMessages = false

    /// Creates a check.
    public init(_ kind: CheckKind, location: SourceLocation = SourceLocation(file: "")) {
        self.kind = kind
        self.location = location
    }

    /// Equal checks test the same thing, wherever they are written (an imported check equals the one read back).
    public static func == (lhs: CheckSpec, rhs: CheckSpec) -> Bool { lhs.kind == rhs.kind }

    /// The check in one line as a person reads it: `status 2xx`, `$.id equals 1`, `header Content-Type matches json`.
    public var summary: String {
        switch kind {
        case let .status(expected): return "status \(expected.description)"
        case let .header(name, equals, matches):
            if let equals { return "header \(name) equals \(equals)" }
            if let matches { return "header \(name) matches \(matches)" }
            return "header \(name) present"
        case let .jsonPath(path, assertion):
            switch assertion {
            case let .equals(value): return "\(path) equals \(value.compactText)"
            case let .contains(value): return "\(path) contains \(value.compactText)"
            case let .matches(pattern): return "\(path) matches \(pattern)"
            case let .exists(flag): return flag ? "\(path) exists" : "\(path) does not exist"
            case let .type(name): return "\(path) is \(name)"
            case let .count(count): return "\(path) count \(count)"
            }
        case let .bodyContains(text): return "body contains \(text)"
        case .noGraphQLErrors: return "no GraphQL errors"
        case let .grpcStatus(code): return "gRPC status \(code.name)"
        case .conformsToSpec: return "conforms to spec"
        case let .responseTimeBelow(limit): return "response time < \(YAMLText.number(limit)) ms"
        case let .events(count, min, max):
            let noun = namesMessages ? "messages" : "events"
            if let count { return "\(noun) count \(count)" }
            return noun + (min.map { " ≥ \($0)" } ?? "") + (max.map { " ≤ \($0)" } ?? "")
        case let .firstEventBelow(limit): return "first \(namesMessages ? "message" : "event") < \(YAMLText.number(limit)) ms"
        case let .schema(path): return "body matches schema \(PathText.lastComponent(path))"
        case let .capture(name): return "capture \(name)"
        case let .scriptTest(name): return name
        case .invalid: return "check that could not be read"
        }
    }
}
