import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP request as a value: method, URL or path components, query, headers, body, and how to send it.
///
/// Modifiers return changed copies, so a request can be defined once and varied per call.
public struct Request: Sendable, CustomStringConvertible {
    /// The request method type (`.get`, `.post`, … or any token).
    public typealias HTTPMethod = ExplorerCore.HTTPMethod
    /// Properties a component shares with its children.
    public typealias Properties = RequestProperties

    /// The method.
    public var httpMethod: HTTPMethod
    /// The base URL as given; it is checked when the request is sent, so a bad one becomes `RequestError.invalidURL`.
    public var baseURLString: String
    /// Path components appended to the base URL, each percent-encoded on its own.
    public var pathComponents: [String]
    /// Query items appended to any query the base URL has, in order.
    public var queryItems: [URLQueryItem]
    /// Headers, in order.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: RequestBody?
    /// Credentials applied when the request is sent.
    public var authentication: Authentication?
    /// How the request is sent and validated.
    public var configuration: Configuration
    /// The session used unless a call passes another.
    public var session: URLSession {
        get { chosenSession ?? ExplorerSession.shared }
        set { chosenSession = newValue }
    }
    /// The session given, if any: the shared one is made only when a request goes through URLSession, because making
    /// it starts libcurl, which the SwiftNIO transport never uses (a one-shot `send` paid for it, issue 27).
    var chosenSession: URLSession?
    /// Hooks and header injectors run around each attempt.
    public var hooks: RequestHooks
    /// A response used when every attempt fails; it is validated like a real one.
    public var fallback: FallbackResponse?

    /// Creates a request for a URL.
    public init(
        _ httpMethod: HTTPMethod,
        url: URL,
        pathComponents: [String] = [],
        queryItems: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: RequestBody? = nil,
        configuration: Configuration = Configuration(),
        session: URLSession? = nil
    ) {
        self.init(httpMethod, urlString: url.absoluteString, pathComponents: pathComponents, queryItems: queryItems,
                  headers: headers, body: body, configuration: configuration, session: session)
    }

    /// Creates a request from a URL string; a string that is not a valid http(s) URL fails when sent, with `RequestError.invalidURL`.
    public init(
        _ httpMethod: HTTPMethod,
        urlString: String,
        pathComponents: [String] = [],
        queryItems: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: RequestBody? = nil,
        configuration: Configuration = Configuration(),
        session: URLSession? = nil
    ) {
        self.httpMethod = httpMethod
        self.baseURLString = urlString
        self.pathComponents = pathComponents
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.authentication = nil
        self.configuration = configuration
        self.chosenSession = session
        self.hooks = .none
        self.fallback = nil
    }

    /// Creates a request that inherits base URL, shared properties, configuration, session and hooks from a component.
    public init<Parent: APIComponent>(
        _ httpMethod: HTTPMethod,
        parent: Parent.Type,
        pathComponents: [String] = [],
        queryItems: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: RequestBody? = nil,
        configuration: Configuration? = nil,
        session: URLSession? = nil
    ) {
        self.init(httpMethod, context: Parent.context, pathComponents: pathComponents, queryItems: queryItems,
                  headers: headers, body: body, configuration: configuration, session: session)
    }

    /// Creates a request that inherits everything a resolved component context carries.
    public init(
        _ httpMethod: HTTPMethod,
        context: ComponentContext,
        pathComponents: [String] = [],
        queryItems: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: RequestBody? = nil,
        configuration: Configuration? = nil,
        session: URLSession? = nil
    ) {
        self.init(httpMethod, urlString: context.baseURL.absoluteString,
                  pathComponents: context.properties.pathComponents + pathComponents,
                  queryItems: context.properties.queryItems + queryItems,
                  headers: context.properties.headers.merging(headers), body: body,
                  configuration: configuration ?? context.configuration, session: session ?? context.chosenSession)
        self.authentication = context.properties.authentication
        self.hooks = context.hooks
    }

    /// The full URL with path components and query items, or `nil` when the base is not a valid http(s) URL.
    public var url: URL? {
        guard var components = URLComponents(string: baseURLString),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              // The encoded host: decoding it (percent escapes, IDNA) only to test that it is there cost ~3 µs a send.
              let host = components.percentEncodedHost, !host.isEmpty else {
            return nil
        }
        let segments = pathComponents.flatMap { $0.split(separator: "/", omittingEmptySubsequences: true) }
        if !segments.isEmpty {
            var path = components.percentEncodedPath
            if path.hasSuffix("/") { path.removeLast() }
            for segment in segments {
                path += "/" + (String(segment).addingPercentEncoding(withAllowedCharacters: Request.pathSegmentAllowed) ?? String(segment))
            }
            components.percentEncodedPath = path
        }
        var items = queryItems
        if let auth = authentication?.queryItem { items.append(auth) }
        if !items.isEmpty {
            let extra = QueryEncoding.encode(items)
            if let existing = components.percentEncodedQuery, !existing.isEmpty {
                components.percentEncodedQuery = existing + "&" + extra
            } else {
                components.percentEncodedQuery = extra
            }
        }
        return components.url
    }

    private static let pathSegmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#")
        return set
    }()

    /// The headers that will be sent: the request's own, then credentials, then the body's content type unless one is set.
    public var effectiveHeaders: HTTPHeaders {
        var result = headers
        if let header = authentication?.header { result.set(header.name, header.value) }
        if let body, !result.contains("Content-Type") { result.set("Content-Type", body.contentType ?? RequestBody.untypedContentType) }
        return result
    }

    /// `METHOD url`.
    public var description: String {
        "\(httpMethod.rawValue) \(url.map { SecretRedactor().redact(url: $0) } ?? baseURLString)"
    }
}
