/// The response an `after` script reads (`pm.response`).
public struct ScriptResponse: Sendable, Equatable {
    /// The status code.
    public var code: Int
    /// The status text (`OK`, `Created`).
    public var status: String
    /// The headers, in order.
    public var headers: [ScriptHeader]
    /// The body as text.
    public var body: String
    /// Milliseconds from sending to the whole response.
    public var responseTime: Double

    /// A response.
    public init(code: Int, status: String, headers: [ScriptHeader] = [], body: String = "", responseTime: Double = 0) {
        self.code = code
        self.status = status
        self.headers = headers
        self.body = body
        self.responseTime = responseTime
    }
}
