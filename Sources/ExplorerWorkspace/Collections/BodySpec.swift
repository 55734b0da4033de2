import ExplorerCore

/// A request body as written in a collection file.
public enum BodySpec: Sendable, Equatable {
    /// No body.
    case none
    /// JSON text, sent as written after variable substitution.
    case json(String)
    /// Any text with an optional content type (`text/plain` when absent).
    case text(String, contentType: String?)
    /// `application/x-www-form-urlencoded` fields.
    case form([KeyValue])
    /// `multipart/form-data` with text and file parts.
    case multipart([MultipartField])
    /// The bytes of a file, relative to the request file.
    case file(path: String, contentType: String?)
    /// A GraphQL query with its variables and operation name.
    case graphql(GraphQLBody)

    /// The `type` key used in files.
    public var typeName: String {
        switch self {
        case .none: return "none"
        case .json: return "json"
        case .text: return "text"
        case .form: return "form"
        case .multipart: return "multipart"
        case .file: return "file"
        case .graphql: return "graphql"
        }
    }

    /// The text of a JSON or text body (a GraphQL body's query), nil for the other kinds.
    public var text: String? {
        switch self {
        case let .json(text), let .text(text, _): return text
        case let .graphql(body): return body.query
        default: return nil
        }
    }

    /// The same body with `text` in place of its text; a body of another kind is returned as it is.
    public func replacingText(_ text: String) -> BodySpec {
        switch self {
        case .json: return .json(text)
        case let .text(_, contentType): return .text(text, contentType: contentType)
        case var .graphql(body):
            body.query = text
            return .graphql(body)
        default: return self
        }
    }
}
