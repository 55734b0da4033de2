import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

extension SendPipeline {
    /// Holds a WebSocket request's conversation as `run` reports it. It is prepared as any request is (trust, prompts,
    /// secrets, the demo's address), sends its saved messages, and ends when the server closes, after the file's
    /// `expectMessages:` came, or after `wait:` seconds of silence (the request's timeout when the file gives none, so
    /// a server that never closes cannot hold the run). History keeps it as `send` does; its checks read the messages
    /// received. Cancelling the task (Ctrl-C) drops the connection and keeps what arrived.
    func converse(_ resolver: RequestResolver) async -> RequestOutcome {
        let ready: RequestResolver
        let resolved: ResolvedRequest
        do { (ready, resolved) = try await self.ready(resolver) } catch { return notReady(resolver, error) }
        let secrets = showsSecrets ? [] : resolved.secretValues
        let masker = SecretMasker(secrets: secrets)
        func failed(_ error: String, status: Int? = nil, duration: Double = 0) -> RequestOutcome {
            RequestOutcome(reference: ready.reference, name: ready.request.name, status: status, duration: duration, error: masker.mask(error))
        }
        let outgoing: [WebSocketMessage]
        do { outgoing = try ready.savedWebSocketMessages() } catch { return failed("could not be resolved: \(error)") }
        if Task.isCancelled { return failed("not sent: interrupted (Ctrl-C)") }
        let conversation = WebSocketConversation(resolved: resolved, protocols: ready.request.protocols, outgoing: outgoing,
                                                 limit: ready.request.expectedMessages,
                                                 wait: ready.request.wait ?? resolved.request.configuration.timeoutInterval,
                                                 history: history, source: source)
        let end = await conversation.hold()
        let received = "\(end.receivedText) in \(MeasurementText.duration(end.duration))"
        switch end.failure {
        case let .target(reason)?: return failed("could not be resolved: \(reason)")
        case let .connect(reason)?:
            return failed(end.interrupted ? "interrupted (Ctrl-C) before the connection opened" : "could not be sent: \(reason)")
        case let .broken(reason)?: return failed("the connection failed: \(reason); \(received)", status: 101, duration: end.duration)
        case nil: break
        }
        if end.interrupted { return failed("interrupted (Ctrl-C): \(received)", status: 101, duration: end.duration) }
        return end.outcome(of: ready, secrets: secrets)
    }
}
