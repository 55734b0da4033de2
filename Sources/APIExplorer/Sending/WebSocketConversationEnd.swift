import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// How a WebSocket conversation ended and what it received, for `send` to print and exit with and `run` to report.
struct WebSocketConversationEnd: Sendable {
    /// Why it ended badly; nil when it connected and closed (or was interrupted) without a failure.
    var failure: WebSocketConversationFailure?
    /// True when the task holding it was cancelled (Ctrl-C): the connection was dropped and what arrived is kept.
    var interrupted = false
    /// The close, when one came: its code, its reason and whether the client asked for it.
    var closed: (code: UInt16?, reason: String, byClient: Bool)?
    /// How many messages were received.
    var received = 0
    /// The messages received as checks read them (`$messages[*].data`), the first 10,000.
    var messages: [StreamEvent] = []
    /// The headers of the server's 101 answer.
    var responseHeaders: [(name: String, value: String)] = []
    /// Seconds from asking for the connection to its end.
    var duration: TimeInterval = 0

    /// `3 messages` or `1 message`.
    var receivedText: String { "\(received) message\(received == 1 ? "" : "s")" }

    /// The conversation judged by `resolver`'s checks and captures as the events of a stream (`messages`,
    /// `$messages`, `firstMessageBelow`), with the handshake's 101 and headers as the response's; `secrets` are masked.
    func outcome(of resolver: RequestResolver, secrets: [String]) -> RequestOutcome {
        var response = CheckedResponse(status: 101, headers: responseHeaders, duration: duration)
        response.events = messages
        response.eventCount = received
        return RequestOutcome.evaluate(response, reference: resolver.reference, name: resolver.request.name, iteration: 1,
                                       checks: resolver.checks, captures: resolver.request.captures,
                                       secrets: secrets, variables: resolver.variableResolver)
    }
}
