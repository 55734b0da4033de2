import ExplorerCore
import Foundation

/// A saved request: one YAML file in a collection.
public struct RequestSpec: Sendable, Equatable {
    /// The display name.
    public var name: String
    /// The reference segment, from the file name without extension (`get-user`).
    public var slug: String
    /// The HTTP method (`GET`, or any extension method).
    public var method: String
    /// A path below the environment's base URL (`/users/{{id}}`) or a full URL.
    public var url: String
    /// What the request is for.
    public var description: String?
    /// Query parameters.
    public var query: [KeyValue]
    /// The request's own headers (inherited ones come from folders and the collection).
    public var headers: [KeyValue]
    /// The body.
    public var body: BodySpec
    /// Credentials; `.inherit` by default.
    public var auth: AuthSpec
    /// Variables that apply to this request only.
    public var variables: [Variable]
    /// Seconds before the request times out.
    public var timeout: Double?
    /// Whether redirects are followed (default true).
    public var followRedirects: Bool?
    /// Whether TLS certificates are verified (default true).
    public var verifyTLS: Bool?
    /// Whether the response's body is handed over as it arrives whatever its type (the `stream` key); event streams
    /// and JSON lines always are.
    public var stream: Bool?
    /// For a streamed response, the most seconds of silence between events (the `streamIdleTimeout` key); nil for none.
    public var streamIdleTimeout: Double?
    /// Names of headers the collection or a folder sets that this request does not send (the `omitHeaders` key).
    public var omittedHeaders: [String] = []
    /// Values taken from the response after a send (the `captures` key); saving an edit leaves the key as written.
    public var captures: [CaptureSpec] = []
    /// Requests to send first when their captures are missing (the `needs` key).
    public var needs: [RequestNeed] = []
    /// What the response must satisfy (the `checks` key).
    public var checks: [CheckSpec] = []
    /// WebSocket subprotocols to offer, most wanted first (the `protocols` key).
    public var protocols: [String] = []
    /// WebSocket messages saved with the request (the `messages` key).
    public var messages: [SavedMessage] = []
    /// For a WebSocket request, the seconds of silence after which `send` and `run` close the conversation (the
    /// `wait` key); nil to wait for the server (`run` then waits at most the request's timeout).
    public var wait: Double?
    /// For a WebSocket request, how many messages received end the conversation in `send` and `run` (the
    /// `expectMessages` key); nil for no limit.
    public var expectedMessages: Int?
    /// JavaScript run before it is resolved and sent, and after its response arrives (the `scripts` key).
    public var scripts = ScriptsSpec()
    /// Responses saved with the request, which `apiexplorer mock` answers with (the `examples` key).
    public var examples: [RequestExample] = []
    /// A gRPC request's `grpc:` block: the method called (`shop.v1.Inventory/GetItem`); nil for other requests.
    public var grpc: GRPCSpec?
    /// The file it was loaded from.
    public var file: String

    /// Creates a request.
    public init(name: String, slug: String, method: String = "GET", url: String, description: String? = nil,
                query: [KeyValue] = [], headers: [KeyValue] = [], body: BodySpec = .none, auth: AuthSpec = .inherit,
                variables: [Variable] = [], timeout: Double? = nil, followRedirects: Bool? = nil, verifyTLS: Bool? = nil,
                file: String = "") {
        self.name = name
        self.slug = slug
        self.method = method
        self.url = url
        self.description = description
        self.query = query
        self.headers = headers
        self.body = body
        self.auth = auth
        self.variables = variables
        self.timeout = timeout
        self.followRedirects = followRedirects
        self.verifyTLS = verifyTLS
        self.file = file
    }

    /// True for a gRPC request: it has a `grpc:` block, or its URL starts with grpc:// or grpcs://.
    public var isGRPC: Bool {
        let lowered = url.lowercased()
        return grpc != nil || method.uppercased() == "GRPC" || lowered.hasPrefix("grpc://") || lowered.hasPrefix("grpcs://")
    }

    /// True for a WebSocket request: its method is `WS`, or its URL starts with ws:// or wss://.
    public var isWebSocket: Bool {
        let lowered = url.lowercased()
        return method.uppercased() == "WS" || lowered.hasPrefix("ws://") || lowered.hasPrefix("wss://")
    }
}
