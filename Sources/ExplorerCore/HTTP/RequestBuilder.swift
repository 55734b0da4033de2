import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fluent way to describe a request without declaring types: `.path(...).method(...).headers { ... }.body { ... }`.
///
/// Every step is stored as a closure and evaluated only by `build()` (or a `send`), so header and body closures
/// run at send time with current values, once per build.
public struct RequestBuilder: Sendable {
    private let start: @Sendable () -> Request
    private var steps: [@Sendable (inout Request) -> Void] = []

    /// Starts from a base URL with `GET`.
    public init(baseURL: URL) { start = { Request(.get, url: baseURL) } }
    /// Starts from a URL string, checked when the request is sent.
    public init(urlString: String) { start = { Request(.get, urlString: urlString) } }
    /// Starts below a component, inheriting its base URL, headers, configuration, session and hooks.
    public init<Parent: APIComponent>(parent: Parent.Type) { start = { Request(.get, context: Parent.context) } }
    /// Starts below a resolved context.
    public init(context: ComponentContext) { start = { Request(.get, context: context) } }

    private func adding(_ step: @escaping @Sendable (inout Request) -> Void) -> RequestBuilder {
        var copy = self
        copy.steps.append(step)
        return copy
    }

    /// Appends path components.
    public func path(_ components: String...) -> RequestBuilder { adding { $0.pathComponents += components } }
    /// Sets the method.
    public func method(_ method: HTTPMethod) -> RequestBuilder { adding { $0.httpMethod = method } }
    /// Adds a query parameter (`nil` left out, arrays repeated).
    public func query(_ name: String, _ value: some QueryValue) -> RequestBuilder {
        adding { $0 = $0.addingQuery(name, value) }
    }
    /// Sets one header.
    public func header(_ name: String, _ value: String) -> RequestBuilder { adding { $0.headers.set(name, value) } }
    /// Merges headers produced at build time.
    public func headers(@HeadersBuilder _ build: @escaping @Sendable () -> HTTPHeaders) -> RequestBuilder {
        adding { $0.headers = $0.headers.merging(build()) }
    }
    /// Sets the body produced at build time.
    public func body(_ build: @escaping @Sendable () -> RequestBody) -> RequestBuilder { adding { $0.body = build() } }
    /// Sets credentials.
    public func auth(_ authentication: Authentication) -> RequestBuilder { adding { $0.authentication = authentication } }
    /// Changes the configuration.
    public func configure(_ change: @escaping @Sendable (inout Request.Configuration) -> Void) -> RequestBuilder {
        adding { change(&$0.configuration) }
    }
    /// Retries with a policy.
    public func retry(_ policy: RetryPolicy = .default) -> RequestBuilder { adding { $0.configuration.retryPolicy = policy } }
    /// Sets an overall deadline in seconds.
    public func deadline(_ seconds: TimeInterval) -> RequestBuilder { adding { $0.configuration.deadline = seconds } }
    /// Sets a fallback response.
    public func fallback(_ fallback: FallbackResponse) -> RequestBuilder { adding { $0.fallback = fallback } }
    /// Adds a validator.
    public func validate(_ validator: ResponseValidator) -> RequestBuilder {
        adding { $0.configuration.validators.append(validator) }
    }

    /// Evaluates every step and returns the request.
    public func build() -> Request {
        var request = start()
        for step in steps { step(&request) }
        return request
    }

    /// Builds and sends.
    public func send(session: URLSession? = nil) async throws(RequestError) -> Request.Response {
        try await build().send(session: session)
    }

    /// Builds, sends and decodes.
    public func send<Model: Decodable & SendableMetatype>(decoder: JSONDecoder = JSONDecoder(), session: URLSession? = nil) async throws(RequestError) -> Model {
        try await build().send(decoder: decoder, session: session)
    }
}
