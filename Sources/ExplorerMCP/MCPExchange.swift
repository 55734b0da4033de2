import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace

/// One request as the host sent it for `send_request`: what went out, what came back or why nothing did, the
/// checks, and the masker for everything shown about it.
public struct MCPExchange: Sendable {
    /// The request as resolved and sent; nil when it did not resolve.
    public var sent: Request?
    /// The headers it went out with (credentials and cookies added per hop), empty when none were recorded.
    public var sentHeaders: [Header]
    /// The response, when one arrived (a 4xx or 5xx too).
    public var response: Request.Response?
    /// The checks evaluated and values captured, when a response arrived.
    public var outcome: RequestOutcome?
    /// Why no response arrived, secrets masked.
    public var failure: String?
    /// What the request's scripts printed, secrets masked.
    public var console: [String]
    /// Hides the request's secrets, and any the response captured as secret, in whatever is returned.
    public var masker: SecretMasker

    /// An exchange.
    public init(sent: Request?, sentHeaders: [Header], response: Request.Response?, outcome: RequestOutcome?, failure: String?,
                console: [String], masker: SecretMasker) {
        self.sent = sent
        self.sentHeaders = sentHeaders
        self.response = response
        self.outcome = outcome
        self.failure = failure
        self.console = console
        self.masker = masker
    }
}
