/// Where a capture takes its value from in a response.
public enum CaptureSource: Sendable, Equatable {
    /// The first value a JSONPath selects in the body (`json: $.data.token`); a string is taken without its quotes.
    case jsonPath(String)
    /// A response header's value (`header: X-Request-Id`).
    case header(String)
    /// The status code (`status: true`).
    case status
    /// The first group of a regular expression on the body, or the whole match when it has none (`regex: 'id=(\d+)'`).
    case regex(String)
    /// A cookie's value from the response's `Set-Cookie` headers (`cookie: session`).
    case cookie(String)

    /// The source as a person reads it: `$.data.token`, `header X-Request-Id`, `status`, `regex …`, `cookie session`.
    public var description: String {
        switch self {
        case let .jsonPath(path): return path
        case let .header(name): return "header \(name)"
        case .status: return "status"
        case let .regex(pattern): return "regex \(pattern)"
        case let .cookie(name): return "cookie \(name)"
        }
    }
}
