import ExplorerCore
import Foundation

/// What the response pane shows: everything is computed once when the response arrives, never per frame.
public struct ResponseSummary: Sendable {
    /// The status code.
    public var statusCode: Int
    /// The reason phrase.
    public var reason: String
    /// Seconds the request took.
    public var duration: Double
    /// The body size in bytes.
    public var byteCount: Int
    /// The final URL when redirects were followed.
    public var redirectedTo: String?
    /// Response headers as received.
    public var headers: [(name: String, value: String)]
    /// The body, decoded and formatted into lines with token kinds.
    public var body: FormattedBody

    /// Creates a summary.
    public init(statusCode: Int, reason: String, duration: Double, byteCount: Int, redirectedTo: String?,
                headers: [(name: String, value: String)], body: FormattedBody) {
        self.statusCode = statusCode
        self.reason = reason
        self.duration = duration
        self.byteCount = byteCount
        self.redirectedTo = redirectedTo
        self.headers = headers
        self.body = body
    }

    /// Summarises a response from ExplorerCore, formatting its body once.
    public init(_ response: Request.Response) {
        self.init(statusCode: response.statusCode, reason: response.reasonPhrase, duration: response.duration,
                  byteCount: response.byteCount, redirectedTo: response.wasRedirected ? response.url?.absoluteString : nil,
                  headers: response.headers.fields.map { ($0.name, $0.value) },
                  body: BodyFormatter.format(response.data, contentType: response.headers["Content-Type"]))
    }
}
