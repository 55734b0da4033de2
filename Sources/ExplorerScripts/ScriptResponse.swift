/// The response an `after` script reads (`pm.response`).
public struct ScriptResponse: Sendable, Equatable {
    /// The status code.
    public var code: Int
    /// The status text (`OK`, `Created`).
    public var status: String
    /// The headers, in order.
    public var headers: [ScriptHeader]
    /// The body as text; empty when it is withheld.
    public var body: String
    /// Milliseconds from sending to the whole response.
    public var responseTime: Double
    /// The body's size in bytes.
    public var size: Int
    /// True when the body is larger than `bodyLimit`: scripts see its size, and reading it is an error that says why.
    public var isBodyWithheld: Bool

    /// Bodies up to this size are handed to scripts; a larger one would cost several times its size in the engine.
    public static let bodyLimit = 32 * 1024 * 1024

    /// A response; `size` is the body's length in bytes unless given.
    public init(code: Int, status: String, headers: [ScriptHeader] = [], body: String = "", responseTime: Double = 0, size: Int? = nil,
                isBodyWithheld: Bool = false) {
        self.code = code
        self.status = status
        self.headers = headers
        self.body = body
        self.responseTime = responseTime
        self.size = size ?? body.utf8.count
        self.isBodyWithheld = isBodyWithheld
    }
}
