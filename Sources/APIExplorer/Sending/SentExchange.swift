import ExplorerChecks
import ExplorerCore
import ExplorerScripts
import ExplorerWorkspace
import Foundation

/// One saved request as the send pipeline handled it: what went out, what came back or why nothing did, its checks
/// and captures, and the masker for everything shown about it.
struct SentExchange: Sendable {
    /// The resolver, with the built-in demo's address filled in.
    var resolver: RequestResolver
    /// The request as resolved and sent, with secrets the response captured added to its masked values; nil when
    /// it did not resolve.
    var resolved: ResolvedRequest?
    /// The response, when one arrived (including a 4xx or 5xx).
    var response: Request.Response?
    /// The checks evaluated and values captured, when asked for and a response arrived.
    var outcome: RequestOutcome?
    /// Why no response arrived.
    var failure: SendFailure?
    /// When it was sent.
    var sentAt: Date
    /// Hides the request's secrets (and any the response captured as secret) in whatever is shown.
    var masker: SecretMasker
    /// What the request's before scripts did, when it has any.
    var before: ScriptResult?
    /// What its after scripts did, when it has any and a response arrived.
    var after: ScriptResult?

    /// The scripts' console lines, before then after, as `console.log` wrote them (secrets already masked).
    var console: [ScriptConsoleLine] { (before?.console ?? []) + (after?.console ?? []) }

    /// The failure in words, secrets masked.
    var failureText: String? { failure.map { masker.mask($0.description) } }

    /// The failure as a line of standard error: `error: …`, or a script's own `file:line: error: …` as compilers write it.
    var errorLine: String {
        guard let text = failureText else { return "error: no response" }
        if case .script? = failure { return text }
        return "error: " + text
    }
}
