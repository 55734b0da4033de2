import ExplorerCore
import Foundation

/// A response as history keeps it, secrets masked.
public struct HistoryResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The reason phrase.
    public var reason: String
    /// The headers as received.
    public var headers: [Header]
    /// The body.
    public var body: HistoryBody
    /// Seconds from sending to the last byte.
    public var duration: Double
    /// The URL the response came from, when redirects led somewhere else.
    public var finalURL: String?
    /// The body's size on the wire before gzip or deflate decoding, when it was encoded (and the size known).
    public var wireSize: Int?
    /// The events of a streamed response with their times, as many as fit the body limit, secrets masked; nil when
    /// the response did not stream.
    public var events: [StreamEvent]?
    /// The trace's timing of the last hop (DNS, connect, TLS, first byte, download) and its protocol; nil when the
    /// exchange was kept before history stored it.
    public var timing: HistoryTiming?

    /// Creates a stored response.
    public init(status: Int, reason: String, headers: [Header], body: HistoryBody, duration: Double, finalURL: String?,
                wireSize: Int? = nil) {
        self.wireSize = wireSize
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.duration = duration
        self.finalURL = finalURL
    }

    /// The value of the first header with this name (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
