/// Why no token could be had.
public enum OAuth2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The token (or device) endpoint refused, with its `error` code and `error_description` as written.
    case endpoint(code: String, description: String, status: Int)
    /// The endpoint could not be reached or answered something that is not a token.
    case exchange(String)
    /// A setting the grant needs is missing or wrong.
    case settings(String)
    /// The grant needs a person (a browser or another device) and none is there to ask.
    case needsInteraction(OAuth2Grant)
    /// The person did not approve in time, or refused.
    case notApproved(String)

    /// The reason in one line: the endpoint's `code: description`, or a sentence.
    public var description: String {
        switch self {
        case let .endpoint(code, description, _): return description.isEmpty ? code : "\(code): \(description)"
        case let .exchange(message), let .settings(message), let .notApproved(message): return message
        case let .needsInteraction(grant):
            return "the \(grant.rawValue) grant needs a person to approve: run `apiexplorer auth REF` or fetch the token in the explorer's Auth tab"
        }
    }
}
