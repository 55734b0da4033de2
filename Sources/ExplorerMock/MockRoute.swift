import ExplorerWorkspace

/// A route the mock answers: a request's method and path below the base URL, and the responses it answers with.
public struct MockRoute: Sendable, Equatable {
    /// The method, upper-cased.
    public var method: String
    /// The path as written in the request (variables resolved), for listings and logs: `/users/{{id}}`.
    public var path: String
    /// The path's segments.
    public var segments: [MockSegment]
    /// The request it comes from, as a reference (`collection/folder/request`).
    public var reference: String
    /// The request file, for the hint of a route that has no example.
    public var file: String
    /// The responses, the first answered unless a client prefers another by name.
    public var examples: [RequestExample]

    /// Creates a route.
    public init(method: String, path: String, segments: [MockSegment], reference: String, file: String, examples: [RequestExample]) {
        self.method = method
        self.path = path
        self.segments = segments
        self.reference = reference
        self.file = file
        self.examples = examples
    }

    /// True when `segments` (of a request's path, percent-decoded) fit this route's.
    func matches(_ segments: [Substring]) -> Bool {
        guard segments.count == self.segments.count else { return false }
        for (own, given) in zip(self.segments, segments) {
            if case let .literal(text) = own, text != given { return false }
        }
        return true
    }

    /// The index of the example `preferred` names (by name, else by status code), else of the first, and whether the
    /// preference was applied; nil for a route with no example.
    func example(preferred: String?) -> (index: Int, applied: Bool)? {
        if let preferred, let index = examples.firstIndex(where: { $0.name == preferred }) ?? examples.firstIndex(where: { String($0.status) == preferred }) {
            return (index, true)
        }
        return examples.isEmpty ? nil : (0, false)
    }
}
