import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// How a request is sent and which responses count as success; components pass theirs to their children.
    public struct Configuration: Sendable {
        /// Seconds each attempt may take, from sending to the last byte of the body, before it fails with a timeout.
        public var timeoutInterval: TimeInterval
        /// The URL cache policy.
        public var cachePolicy: URLRequest.CachePolicy
        /// Whether cookies are sent and stored: with `cookieJar` set, by the jar; else by a URLSession of the caller's own.
        public var httpShouldHandleCookies: Bool
        /// When true, any status outside 1xx–3xx fails with `RequestError.httpStatus`; off by default.
        public var parseHTTPStatusErrors: Bool
        /// When set, any status outside this range fails with `RequestError.httpStatus`, whatever `parseHTTPStatusErrors` says.
        public var acceptedStatusCodes: ClosedRange<Int>?
        /// Checks run on every response that passed the status check; the first to throw fails the request.
        public var validators: [ResponseValidator]
        /// Whether redirects are followed ; the core follows them hop by hop (a URLSession not made by `ExplorerSession` follows them itself).
        public var followRedirects: Bool
        /// Retries for failed attempts; `nil` sends once.
        public var retryPolicy: RetryPolicy?
        /// An overall limit in seconds across every attempt and back-off; `nil` for none.
        public var deadline: TimeInterval?
        /// The largest body accepted, counted after gzip/deflate decoding; a larger one fails with
        /// `TransportFailure.tooLarge` (not enforced on a URLSession not made by `ExplorerSession`). `nil` for no limit.
        public var maxResponseBytes: Int?
        /// Bodies larger than this many bytes are written to an unlinked temporary file as they arrive and handed
        /// over as a read-only memory mapping of it, so the kernel pages them in as they are read. `nil` keeps every body in memory.
        public var memoryBodyLimit: Int?

        /// Whether TLS certificates are verified. FoundationNetworking on Linux always verifies, so on the URLSession
        /// transport there an https request with this off fails before it is sent.
        public var verifiesTLSCertificates: Bool
        /// Extra trusted CAs and a client certificate; only the SwiftNIO-based transports use them.
        public var tls: TLSOptions
        /// The jar whose cookies are sent and which keeps what `Set-Cookie` sets (when `httpShouldHandleCookies`);
        /// `nil` leaves cookies to the caller's headers.
        public var cookieJar: CookieJar?
        /// The HTTP proxy (`http://[user:password@]host:port`, or `direct` for none); `nil` follows `HTTPS_PROXY`,
        /// `HTTP_PROXY` and `NO_PROXY`. Only the SwiftNIO-based transports use it.
        public var proxy: String?
        /// Hand over any response's body as it arrives when sent with `stream(session:)`, not only event streams and
        /// JSON lines (the `stream: true` request key).
        public var streamsEveryResponse: Bool = false
        /// Connections the SwiftNIO transport opens to one origin at most (64 unless raised, as a load test does);
        /// requests past them wait for one to come free.
        public var connectionsPerHost = 64
        /// For a streamed response: the most seconds of silence between pieces of the body before it fails with a
        /// timeout; `nil` for no limit. `timeoutInterval` then bounds only the wait for the head.
        public var streamIdleTimeout: TimeInterval?
        /// How much event data a streamed response keeps in `Response.events` (later events are counted, not kept), so
        /// an endless stream runs in bounded memory; 1 MiB by default, as history keeps bodies.
        public var keptEventBytes = 1 << 20
        /// The most bytes one event of a streamed response (an SSE event's data, a JSON line) may hold; a longer one ends
        /// the stream with `TransportFailure.tooLarge`, the events before it handed over, so a server cannot make the
        /// client hold an endless line.
        public var maxEventSize = Configuration.defaultMaxEventSize
        /// The transport async and publisher sends use when no session is passed; `nil` for
        /// `TransportKind.platformDefault`. `send(session:autoResumeTask:completion:)` always uses URLSession.
        public var transport: TransportKind?
        /// The time a SigV4 signature is made for (`X-Amz-Date`); tests fix it.
        public var clock: @Sendable () -> Date = { Date() }
        /// Where Digest challenges are kept between hops, retries and requests, so a nonce is answered again with the
        /// next count instead of taking a 401 each time; copies of a configuration share it.
        public var digestSessions = DigestSessions()

        /// The default `maxResponseBytes`: 1 GiB.
        public static let defaultMaxResponseBytes = 1 << 30
        /// The default `memoryBodyLimit`: 16 MiB.
        public static let defaultMemoryBodyLimit = 16 << 20
        /// The default `maxEventSize`: 16 MiB.
        public static let defaultMaxEventSize = 16 << 20

        /// Creates a configuration; every parameter has the default a plain `URLRequest` would have.
        public init(
            cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy,
            httpShouldHandleCookies: Bool = true,
            timeoutInterval: TimeInterval = 60,
            parseHTTPStatusErrors: Bool = false,
            acceptedStatusCodes: ClosedRange<Int>? = nil,
            validators: [ResponseValidator] = [],
            followRedirects: Bool = true,
            retryPolicy: RetryPolicy? = nil,
            deadline: TimeInterval? = nil,
            maxResponseBytes: Int? = Configuration.defaultMaxResponseBytes,
            memoryBodyLimit: Int? = Configuration.defaultMemoryBodyLimit,
            verifiesTLSCertificates: Bool = true,
            tls: TLSOptions = TLSOptions(),
            transport: TransportKind? = nil,
            proxy: String? = nil
        ) {
            self.proxy = proxy
            self.tls = tls
            self.transport = transport
            self.cachePolicy = cachePolicy
            self.httpShouldHandleCookies = httpShouldHandleCookies
            self.timeoutInterval = timeoutInterval
            self.parseHTTPStatusErrors = parseHTTPStatusErrors
            self.acceptedStatusCodes = acceptedStatusCodes
            self.validators = validators
            self.followRedirects = followRedirects
            self.retryPolicy = retryPolicy
            self.deadline = deadline
            self.maxResponseBytes = maxResponseBytes
            self.memoryBodyLimit = memoryBodyLimit
            self.verifiesTLSCertificates = verifiesTLSCertificates
        }

        /// True when a status code passes the status checks of this configuration.
        public func accepts(statusCode: Int) -> Bool {
            if let range = acceptedStatusCodes { return range.contains(statusCode) }
            if parseHTTPStatusErrors { return (100..<400).contains(statusCode) }
            return true
        }
    }
}
