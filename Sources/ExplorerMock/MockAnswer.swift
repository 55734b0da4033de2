import NIOCore
import NIOHTTP1

/// A response the mock writes: status, headers (with Content-Length), body, and what it matched, for the log.
public struct MockAnswer: Sendable {
    /// The status.
    public var status: HTTPResponseStatus
    /// The headers, Content-Length included.
    public var headers: HTTPHeaders
    /// The body.
    public var body: ByteBuffer
    /// The route matched, as `GET /users/{{id}}`, or what happened instead (`no route`).
    public var matched: String

    /// Creates an answer with `body` as its bytes and a Content-Length to match.
    public init(status: Int, headers: [(String, String)], body: String, matched: String) {
        self.status = HTTPResponseStatus(statusCode: status)
        var fields = HTTPHeaders(headers)
        fields.replaceOrAdd(name: "Content-Length", value: String(body.utf8.count))
        self.headers = fields
        self.body = ByteBuffer(string: body)
        self.matched = matched
    }

    /// The body as text, for tests and logs.
    public var bodyText: String { String(buffer: body) }
}
