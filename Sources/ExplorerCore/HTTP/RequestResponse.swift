import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// A response to a sent request: status, headers, body bytes, final URL and timings measured by the core.
    public struct Response: @unchecked Sendable {
        // HTTPURLResponse is immutable once delivered, so sharing it across threads is safe.

        /// The request that was sent.
        public let request: Request
        /// Foundation's response.
        public let urlResponse: HTTPURLResponse
        /// The body bytes (already gunzipped by Foundation when the server compressed them).
        public let data: Data
        /// Seconds from sending the last attempt until its body was complete.
        public let duration: TimeInterval
        /// Seconds from the first attempt until the end, back-off included.
        public let totalDuration: TimeInterval
        /// How many attempts were made, 1 when there was no retry.
        public let attempts: Int
        /// True when this is the request's fallback response rather than one from the server.
        public let isFallback: Bool
        /// True when the body was larger than `Configuration.memoryBodyLimit`: `data` maps a temporary file
        /// and is paged in as it is read.
        public let isBodyOnDisk: Bool
        /// The redirects followed before this response, in order (empty when there was none).
        public let hops: [RedirectHop]
        /// The connection the response came over (protocol, TLS), when the transport knows it.
        public let connection: ConnectionDetails?
        /// Where the time of the final hop went.
        public let timing: HopTiming
        /// The cookies `Set-Cookie` set on this response and the redirects before it (stored in the configuration's jar).
        public var setCookies: [CookieRecord] = []
        /// The body size in bytes as received (decoded); a kept exchange whose body was masked or cut keeps the size
        /// that arrived.
        public var byteCount: Int
        /// The body's size as it came over the wire, before gzip or deflate decoding; `nil` when the body was not
        /// content-encoded or the transport cannot tell.
        public var wireByteCount: Int?
        /// The events of a streamed response with their times, the first `Configuration.keptEventBytes` of data's worth;
        /// nil when the response did not stream.
        public var events: [StreamEvent]?
        /// How many events the streamed response had, those not kept in `events` included.
        public var eventCount = 0
        /// The request headers the final hop carried, after cookies and per-hop credentials (OAuth 2.0, Digest, SigV4),
        /// in the request's order; empty for a fallback or a kept response.
        public var sentHeaders: [Header] = []
        /// Response headers in the order they came on the wire, a repeated header (several `Set-Cookie`) as separate
        /// fields, with case-insensitive look-up; names keep the server's case.
        public var headers: HTTPHeaders

        /// Creates a response.
        public init(request: Request, urlResponse: HTTPURLResponse, data: Data, duration: TimeInterval = 0,
                    totalDuration: TimeInterval? = nil, attempts: Int = 1, isFallback: Bool = false, isBodyOnDisk: Bool = false,
                    hops: [RedirectHop] = [], connection: ConnectionDetails? = nil, timing: HopTiming = HopTiming(),
                    headers: HTTPHeaders? = nil) {
            // Foundation's response keeps one joined value per name, sorted: only the transport knows the wire order.
            self.headers = headers ?? HTTPHeaders(response: urlResponse)
            self.hops = hops
            self.connection = connection
            self.timing = timing
            self.request = request
            self.urlResponse = urlResponse
            self.data = data
            self.byteCount = data.count
            self.duration = duration
            self.totalDuration = totalDuration ?? duration
            self.attempts = attempts
            self.isFallback = isFallback
            self.isBodyOnDisk = isBodyOnDisk
        }

        /// The status code.
        public var statusCode: Int { urlResponse.statusCode }
        /// The standard reason phrase for the status (`Not Found`); HTTP/2 has none on the wire.
        public var reasonPhrase: String { HTTPStatus.reasonPhrase(for: urlResponse.statusCode) }
        /// The URL the body came from, after any redirects.
        public var url: URL? { urlResponse.url }
        /// True when the final URL differs from the one requested.
        public var wasRedirected: Bool { url != nil && url?.absoluteString != request.url?.absoluteString }
        /// The body as UTF-8 text, with replacement marks for invalid bytes.
        public var text: String { String(decoding: data, as: UTF8.self) }
    }

    /// What the publisher sends: the response, with `.data` and `.urlResponse.statusCode` as in Relax.
    public typealias PublisherResponse = Response
}
