import ArgumentParser
import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ExplorerWorkspace

/// `send` on a WebSocket request: holds the conversation (`WebSocketConversation`) with the saved messages (or standard
/// input's lines), printing each message sent and received as it goes, until the server closes, `limit` messages came,
/// or `wait` seconds passed quietly; then the tally of its checks.
struct WebSocketSend {
    /// The request as resolved (its URL, headers with credentials, TLS, proxy and timeout).
    var resolved: ResolvedRequest
    /// Resolves `{{variables}}` in the saved messages.
    var resolver: RequestResolver
    /// Received messages after which to close; nil for no limit.
    var limit: Int?
    /// Seconds of silence after which to close; nil to wait for the server.
    var wait: Double?
    /// Send standard input's lines instead of the saved messages.
    var fromStandardInput: Bool
    /// Print only the data of each message, without its `←` line.
    var bodyOnly: Bool
    /// How JSON messages are printed.
    var pretty: PrettyMode
    /// Colour escapes allowed on standard output.
    var useColor: Bool
    /// Masks secrets in what is printed.
    var masker: SecretMasker
    /// Evaluate the request's checks over the messages received (`$messages`, `messages:`, `firstMessageBelow`).
    var evaluatesChecks = true

    /// Keeps the conversation when it ends (the handshake, the 101 and every message both ways); nil keeps none.
    var history: HistoryRecorder?

    /// Runs the conversation; throws the exit code (0 closed normally, 1 a bad message, 2 a connection failure).
    func run() async throws {
        var outgoing: [WebSocketMessage] = []
        if !fromStandardInput {
            do {
                outgoing = try resolver.savedWebSocketMessages()
            } catch {
                StandardError.write("error: \(error)")
                throw ExitCode(.failed)
            }
        }
        let printer = ConversationPrinter(bodyOnly: bodyOnly, pretty: pretty, useColor: useColor, masker: masker)
        let masker = self.masker
        var conversation = WebSocketConversation(resolved: resolved, protocols: resolver.request.protocols, outgoing: outgoing,
                                                 limit: limit, wait: wait, history: history, source: "send")
        if fromStandardInput {
            conversation.more = { readLine(strippingNewline: true).map { WebSocketMessage(text: $0) } }
        }
        conversation.onConnected = { url, subprotocol in
            StandardError.write("Connected to \(masker.mask(url.absoluteString))" + (subprotocol.map { " (\($0))" } ?? ""))
        }
        conversation.onMessage = { message, sent, time in printer.write(message, sent: sent, at: time) }
        let holding = Task { [conversation] in await conversation.hold() }
        // Ctrl-C drops the connection; what arrived is counted and kept.
        let interrupt = InterruptSignal { holding.cancel() }
        let end = await holding.value
        interrupt.stop()
        // Kept before the process exits, whichever way it does.
        _ = await history?.withStore { _ in true }
        switch end.failure {
        case let .target(reason)?:
            StandardError.write("error: \(reason)")
            throw ExitCode(.failed)
        case let .connect(reason)? where !end.interrupted:
            StandardError.write("error: \(masker.mask(reason))")
            throw ExitCode(.trouble)
        case let .broken(reason)?:
            StandardError.write("error: \(masker.mask(reason)); \(end.receivedText) received.")
            throw ExitCode(.trouble)
        default: break
        }
        if end.interrupted {
            StandardError.write("interrupted; \(end.receivedText) received.")
            throw ExitCode(.interrupted)
        }
        if case let (code, reason, byClient)? = end.closed {
            let who = byClient ? "Closed" : "The server closed the connection"
            StandardError.write("\(who) (\(code.map(String.init) ?? "no code")\(reason.isEmpty ? "" : ": \(reason)")); \(end.receivedText) received.")
        }
        guard evaluatesChecks, !resolver.checks.isEmpty || !resolver.request.captures.isEmpty else { return }
        let outcome = end.outcome(of: resolver, secrets: resolved.secretValues)
        for line in outcome.tallyLines ?? [] { StandardError.write(masker.mask(line)) }
        if !outcome.passed { throw ExitCode(.checksFailed) }
    }
}
