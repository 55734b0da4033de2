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

    /// An answer seen on the wire as an example: its status, its headers but those that described the connection or
    /// the body's encoding (the body is kept decoded) and cookies (a session's would land in a shared file), a header
    /// sent twice joined into one (a map cannot hold the name twice), and the body.
    public init(name: String?, status: Int, wireHeaders: [Header], body: String) {
        let dropped: Set<String> = ["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "date", "set-cookie"]
        var headers: [KeyValue] = []
        for field in wireHeaders where !dropped.contains(field.name.lowercased()) {
            if let index = headers.firstIndex(where: { $0.name.caseInsensitiveCompare(field.name) == .orderedSame }) {
                headers[index].value += ", " + field.value
            } else {
                headers.append(KeyValue(field.name, field.value))
            }
        }
        self.init(name: name, status: status, headers: headers, body: body)
    }
}
