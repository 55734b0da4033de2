import ExplorerCore
import Foundation

/// A request as history keeps it: method, URL, headers and body as they went out, secrets masked.
public struct HistoryRequest: Sendable, Equatable {
    /// The method.
    public var method: String
    /// The full URL.
    public var url: String
    /// The headers in the order they were sent.
    public var headers: [Header]
    /// The body (empty when there was none).
    public var body: HistoryBody

    /// Creates a stored request.
    public init(method: String, url: String, headers: [Header], body: HistoryBody) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
