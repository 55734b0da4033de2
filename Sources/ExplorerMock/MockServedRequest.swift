/// One request the mock answered, for its log: method, target, status, what it matched and how long the answer took.
public struct MockServedRequest: Sendable, Equatable {
    /// The method.
    public var method: String
    /// The request target as sent (path and query).
    public var target: String
    /// The status answered.
    public var status: Int
    /// The route matched (`GET /users/{{id}} (Demo/users/get-user)`), or `no route`, or `--fail-rate`.
    public var matched: String
    /// Seconds from the request's end to the answer's being written, the latency included.
    public var seconds: Double

    /// Creates an entry.
    public init(method: String, target: String, status: Int, matched: String, seconds: Double) {
        self.method = method
        self.target = target
        self.status = status
        self.matched = matched
        self.seconds = seconds
    }

    /// The entry as the log line `mock` prints.
    public var line: String {
        let milliseconds = (seconds * 10_000).rounded() / 10
        return "\(method) \(target) → \(status)  \(matched)  \(milliseconds) ms"
    }
}
