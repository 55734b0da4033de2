import ExplorerCore

/// What one check tests.
public enum CheckKind: Sendable, Equatable {
    /// The status code.
    case status(StatusExpectation)
    /// A header is present, and when given, equals a value or matches a regular expression.
    case header(name: String, equals: String?, matches: String?)
    /// An assertion about what a JSONPath selects in the body.
    case jsonPath(String, JSONPathAssertion)
    /// The body contains this text.
    case bodyContains(String)
    /// A gRPC call ended with this status (`grpcStatus: OK`, or a code name such as `NOT_FOUND`).
    case grpcStatus(GRPCStatusCode)
    /// The GraphQL response has no `errors` (`graphqlErrors: none`).
    case noGraphQLErrors
    /// The response arrived in less than this many milliseconds.
    case responseTimeBelow(Double)
    /// A streamed response had this many events, or at least `min`, at most `max`.
    case events(count: Int?, min: Int?, max: Int?)
    /// The first event of a streamed response arrived less than this many milliseconds after sending.
    case firstEventBelow(Double)
    /// The body, parsed as JSON, validates against the JSON Schema in this file (absolute path).
    case schema(path: String)
    /// The response is one the collection's OpenAPI description declares for the request's operation: its status,
    /// content type and body (`conformsToSpec: true`); the operation is filled in when the request's checks are
    /// gathered, nil as read from a file.
    case conformsToSpec(SpecOperation?)
    /// The capture of this name found a value (a run adds one for each capture that found nothing).
    case capture(String)
    /// A `pm.test` of the request's after script, by its name; the script decides whether it passed.
    case scriptTest(String)
    /// A check that could not be read (a JSONPath that does not parse, an unknown shape); it fails with this reason.
    case invalid(String)
}
