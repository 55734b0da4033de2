import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The head of a streamed response, handed over before its body: status, headers and how the body splits into events.
public struct ResponseHead: @unchecked Sendable {
    // HTTPURLResponse is immutable once delivered, so sharing it across threads is safe.

    /// Foundation's response.
    public let urlResponse: HTTPURLResponse
    /// The header fields in wire order when the transport knows it.
    public let headers: HTTPHeaders
    /// How the body splits into events, by its content type.
    public let format: StreamFormat
    /// Seconds from sending the request until the head arrived.
    public let time: TimeInterval
    /// The request headers of the hop this head answers, as sent (see `Request.Response.sentHeaders`).
    public var sentHeaders: [Header] = []

    /// Creates a head.
    public init(urlResponse: HTTPURLResponse, headers: HTTPHeaders, format: StreamFormat, time: TimeInterval) {
        self.urlResponse = urlResponse
        self.headers = headers
        self.format = format
        self.time = time
    }

    /// The status code.
    public var statusCode: Int { urlResponse.statusCode }
}
