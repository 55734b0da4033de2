import ExplorerCore

/// A response saved in a request's file (`examples:`): what `apiexplorer mock` answers the request's route with.
public struct RequestExample: Sendable, Equatable {
    /// The name a client picks it by (`Prefer: example=NAME`); nil when the file gives none.
    public var name: String?
    /// The status code, 100–599.
    public var status: Int
    /// The response headers, in file order.
    public var headers: [KeyValue]
    /// The body as text; a body written as a YAML mapping or list is kept as its JSON text.
    public var body: String

    /// Creates an example.
    public init(name: String? = nil, status: Int, headers: [KeyValue] = [], body: String = "") {
        self.name = name
        self.status = status
        self.headers = headers
        self.body = body
    }
}
