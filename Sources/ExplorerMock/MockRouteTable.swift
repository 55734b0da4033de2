import ExplorerWorkspace

/// The routes of a collection, and which one a request's method and path reach: literal segments win over variables
/// (`/users/me` over `/users/{{id}}`), then the order of the collection.
public struct MockRouteTable: Sendable, Equatable {
    /// The routes in collection order.
    public var routes: [MockRoute]

    /// Creates a table of `routes`.
    public init(routes: [MockRoute]) {
        self.routes = routes
    }

    /// The routes of `collection`'s HTTP requests (not WebSocket or gRPC ones), paths below `environment`'s base URL;
    /// a request without `examples:` answers with `specExamples` of its `METHOD url` (an imported OpenAPI spec's).
    public init(collection: CollectionSpec, environment: EnvironmentSpec?, specExamples: [String: [RequestExample]] = [:]) {
        routes = collection.allRequests.compactMap { located in
            let request = located.request
            guard !request.isWebSocket, !request.isGRPC else { return nil }
            let path = MockRoutePath.path(of: request.url, environment: environment)
            let examples = request.examples.isEmpty ? specExamples["\(request.method) \(request.url)"] ?? [] : request.examples
            return MockRoute(method: request.method.uppercased(), path: path, segments: MockRoutePath.segments(of: path),
                             reference: collection.reference(of: located), file: request.file, examples: examples)
        }
    }

    /// The route for `method` on `path` (the request target's path, without its query), or nil.
    public func route(method: String, path: Substring) -> MockRoute? {
        index(method: method, path: path).map { routes[$0] }
    }

    /// The index in `routes` of the route for `method` on `path`, or nil.
    func index(method: String, path: Substring) -> Int? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
            .map { $0.contains("%") ? Substring(MockRoutePath.decoded($0)) : $0 }
        var best: Int?
        for (index, route) in routes.enumerated() where route.method == method && route.matches(segments) {
            guard let bestIndex = best else {
                best = index
                continue
            }
            let current = routes[bestIndex]
            // The first segment where the two differ in kind decides: a literal there is the more specific route.
            if let position = route.segments.indices.first(where: { route.segments[$0].isLiteral != current.segments[$0].isLiteral }),
               route.segments[position].isLiteral {
                best = index
            }
        }
        return best
    }
}
