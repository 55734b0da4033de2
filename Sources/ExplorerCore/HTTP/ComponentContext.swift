import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything a component passes down to the requests below it, resolved: base URL, shared properties, configuration, session, hooks.
///
/// Static `Service`/`Endpoint` types produce one through `context`; code that builds an API tree at run time
/// (such as a collection loaded from disk) makes a root context and derives children with `child(...)`.
public struct ComponentContext: Sendable {
    /// The base URL requests start from.
    public var baseURL: URL
    /// Headers, query items, path components and credentials shared with children.
    public var properties: RequestProperties
    /// The configuration children use unless they set their own.
    public var configuration: Request.Configuration
    /// The session children use unless they set their own.
    public var session: URLSession {
        get { chosenSession ?? ExplorerSession.shared }
        set { chosenSession = newValue }
    }
    /// The session given, if any; the shared one is made only when a request needs it (see `Request.session`).
    var chosenSession: URLSession?
    /// Hooks run for every request below.
    public var hooks: RequestHooks

    /// Creates a root context.
    public init(
        baseURL: URL,
        properties: RequestProperties = .empty,
        configuration: Request.Configuration = Request.Configuration(),
        session: URLSession? = nil,
        hooks: RequestHooks = .none
    ) {
        self.baseURL = baseURL
        self.properties = properties
        self.configuration = configuration
        self.chosenSession = session
        self.hooks = hooks
    }

    /// A child context: `path` is appended to the base URL, properties are layered on top, and anything not given is inherited.
    public func child(
        path: String? = nil,
        baseURL: URL? = nil,
        properties: RequestProperties = .empty,
        configuration: Request.Configuration? = nil,
        session: URLSession? = nil,
        hooks: RequestHooks = .none
    ) -> ComponentContext {
        var url = baseURL ?? self.baseURL
        if let path, !path.isEmpty {
            for segment in path.split(separator: "/") { url.appendPathComponent(String(segment)) }
        }
        return ComponentContext(
            baseURL: url,
            properties: self.properties.merging(properties),
            configuration: configuration ?? self.configuration,
            session: session ?? chosenSession,
            hooks: self.hooks.appending(hooks)
        )
    }

    /// A request below this context.
    public func request(
        _ method: HTTPMethod,
        path: [String] = [],
        queryItems: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: RequestBody? = nil
    ) -> Request {
        Request(method, context: self, pathComponents: path, queryItems: queryItems, headers: headers, body: body)
    }
}
