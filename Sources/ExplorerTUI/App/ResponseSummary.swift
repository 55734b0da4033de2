import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// What the response pane shows: computed once when the response arrives; body lines are formatted only when shown.
public struct ResponseSummary: Sendable {
    /// The status code.
    public var statusCode: Int
    /// The reason phrase.
    public var reason: String
    /// Seconds the request took.
    public var duration: Double
    /// The body size in bytes.
    public var byteCount: Int
    /// The body's size on the wire before gzip decoding, when it was compressed.
    public var wireByteCount: Int?
    /// The final URL when redirects were followed.
    public var redirectedTo: String?
    /// Response headers as received.
    public var headers: [(name: String, value: String)]
    /// The body, indexed once and formatted a page at a time as it is shown.
    public var body: BodyDocument
    /// True when the body was too large to hold in memory and is read from a temporary file as it is shown.
    public var isBodyOnDisk: Bool
    /// The body's bytes as received (gzip decoded), for saving to a file; a large body is a mapping of its file.
    public var data: Data
    /// Set when this response comes from history rather than from the send just made.
    public var past: PastExchange?
    /// The result of each check that applies to the request (the Checks tab).
    public var checks: [CheckResult] = []
    /// The values its captures took, already recorded for later requests.
    public var captured: [CapturedValue] = []
    /// The names its scripts unset (`pm.environment.unset`), already forgotten for later requests.
    public var released: [String] = []
    /// "HTTP/2 · TLSv1.3" when the transport said which protocol carried the response, for the status line.
    public var protocolText: String?
    /// The trace: protocol, TLS session and certificate, redirects and timings (`ResponseTrace`).
    public var trace: [String] = []
    /// The cookies the response (and its redirects) set, kept in the environment's jar for later requests.
    public var cookies: [CookieRecord] = []
    /// The events of a streamed response with their times (the first ones, within the kept size), secrets masked;
    /// nil for a response that did not stream.
    public var events: [StreamEvent]?
    /// How many events the streamed response had, those not kept included.
    public var eventCount = 0
    /// The status of a gRPC call (shown as `gRPC` and its name instead of an HTTP status); nil for HTTP responses.
    public var grpcStatus: GRPCStatusCode?
    /// The `errors` of the response to a GraphQL request, shown in the status line and the Checks tab.
    public var graphQLErrors: [GraphQLError] = []
    /// What `R` swaps in to show the secrets masked in this live response; nil when nothing was masked, and for a
    /// response from history, which keeps only the masked exchange.
    public var secretReveal: SecretReveal?

    /// Creates a summary.
    public init(statusCode: Int, reason: String, duration: Double, byteCount: Int, redirectedTo: String?,
                headers: [(name: String, value: String)], body: BodyDocument, isBodyOnDisk: Bool = false, data: Data = Data()) {
        self.statusCode = statusCode
        self.reason = reason
        self.duration = duration
        self.byteCount = byteCount
        self.redirectedTo = redirectedTo
        self.headers = headers
        self.body = body
        self.isBodyOnDisk = isBodyOnDisk
        self.data = data
    }

    /// Summarises a response from ExplorerCore, indexing its body once; `masker` hides secrets the server echoes back.
    public init(_ response: Request.Response, masker: SecretMasker? = nil) {
        self.init(statusCode: response.statusCode, reason: response.reasonPhrase, duration: response.duration,
                  byteCount: response.byteCount, redirectedTo: response.wasRedirected ? response.url.map { masker?.mask($0.absoluteString) ?? $0.absoluteString } : nil,
                  headers: response.headers.fields.map { ($0.name, masker?.mask($0.value) ?? $0.value) },
                  body: BodyDocument(response.data, contentType: response.headers["Content-Type"], masker: masker),
                  isBodyOnDisk: response.isBodyOnDisk, data: response.data)
        protocolText = ResponseTrace.protocolText(response.connection)
        // The headers as they went on the wire, credentials added on the way included (redacted): the request pane
        // shows the request as edited, the trace what was sent.
        let sent = SecretRedactor().redactAdded(response.sentHeaders, own: response.request.wireHeaders)
        let sentLines = sent.enumerated().map { ($0.offset == 0 ? "sent         " : "             ") + "\($0.element.name): \($0.element.value)" }
        let rawTrace = ResponseTrace.lines(for: response) + sentLines
        trace = rawTrace.map { masker?.mask($0) ?? $0 }
        cookies = response.setCookies
        wireByteCount = response.wireByteCount
        events = response.events.map { events in
            guard let masker, !masker.secrets.isEmpty else { return events }
            return events.map { event in
                var masked = event
                masked.data = masker.mask(event.data)
                masked.id = event.id.map(masker.mask)
                return masked
            }
        }
        eventCount = max(response.eventCount, events?.count ?? 0)
        guard let masker, !masker.secrets.isEmpty else { return }
        let rawHeaders = response.headers.fields.map { ($0.name, $0.value) }
        let rawRedirect = response.wasRedirected ? response.url?.absoluteString : nil
        let masked = !headers.elementsEqual(rawHeaders) { $0.name == $1.0 && $0.value == $1.1 } || redirectedTo != rawRedirect
            || trace != rawTrace || masker.secrets.contains { response.data.range(of: Data($0.utf8)) != nil }
        guard masked else { return }
        secretReveal = SecretReveal(headers: rawHeaders, redirectedTo: rawRedirect, trace: rawTrace, body: body.remasked(nil))
    }

    /// True while `R` shows the secrets masked in this response.
    public var showsSecrets: Bool { secretReveal?.isShowing == true }

    /// Shows the secrets masked in this response, or hides them again; false when there is nothing to show.
    public mutating func toggleSecrets() -> Bool {
        guard var reveal = secretReveal else { return false }
        swap(&headers, &reveal.headers)
        swap(&redirectedTo, &reveal.redirectedTo)
        swap(&trace, &reveal.trace)
        let shown = body
        body = reveal.body
        reveal.body = shown
        reveal.isShowing.toggle()
        secretReveal = reveal
        return true
    }
}
