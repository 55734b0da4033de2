/// The request as a script sees and changes it (`pm.request`).
public struct ScriptRequest: Sendable, Equatable {
    /// `GET`, `POST`, …
    public var method: String
    /// The URL, as written before resolving (`{{baseURL}}/users`) or as sent.
    public var url: String
    /// The headers, in order.
    public var headers: [ScriptHeader]
    /// The raw body; empty for none.
    public var body: String

    /// A request.
    public init(method: String, url: String, headers: [ScriptHeader] = [], body: String = "") {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
