import ExplorerChecks
import ExplorerCore
import ExplorerGRPC
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// A gRPC request sent from the explorer: prepared as any request is, called off the UI with each reply drawn as it
/// arrives (a server stream live, as a streamed response's events), then the status, headers and trailers, replies
/// and checks in the response pane; kept in history. Esc cancels the call.
enum GRPCExplorerCall {
    /// The response pane's view of a call that ended with `status`: a unary or client-streaming call's one reply as
    /// its body (the status details when there is none), a server stream's replies as its events.
    static func summary(_ exchange: GRPCExchange, status: GRPCStatus, masker: SecretMasker) -> ResponseSummary {
        var body = exchange.body
        if let details = exchange.statusDetails, exchange.replies.isEmpty { body = details }
        // A stream either way is shown as a conversation: the messages sent (→), then each reply (←) at its time.
        let streams = exchange.method.map { $0.clientStreaming || $0.serverStreaming } ?? false
        let sent = exchange.sent.map { StreamEvent(kind: .sent, data: $0, time: 0) }
        let replies = streams ? sent + GRPCRequestCall.events(exchange) : nil
        return ResponseSummary(grpcStatus: status.code, text: status.description, headers: exchange.headers + exchange.trailers,
                               body: body, replies: replies, duration: exchange.duration, masker: masker)
    }

    /// Starts the call for the send `id`.
    static func start(id: Int, resolver: RequestResolver, pipeline: SendPipeline, inbox: MessageInbox) -> Task<Void, Never> {
        let poster = StreamProgressPoster(id: id, inbox: inbox)
        return Task.detached {
            let ready: RequestResolver
            let resolved: ResolvedRequest
            do throws(SendFailure) {
                (ready, resolved) = try await pipeline.ready(resolver)
            } catch {
                inbox.post(.requestFailed(id: id, message: error.description + "\nThe request was not sent."))
                return
            }
            let masker = SecretMasker(secrets: pipeline.showsSecrets ? [] : resolved.secretValues)
            let call = GRPCRequestCall(resolved: resolved, resolver: ready, history: pipeline.history, source: "explorer")
            let invocation: GRPCInvocation
            do throws(GRPCFailure) { invocation = try call.invocation() } catch {
                inbox.post(.requestFailed(id: id, message: masker.mask(error.description) + "\nThe request was not sent."))
                return
            }
            let exchange = await call.run(invocation) { progress in
                switch progress {
                case let .sent(json):
                    poster.take(.events([StreamEvent(kind: .sent, data: masker.mask(json), time: 0)]))
                case let .reply(reply):
                    poster.take(.events([StreamEvent(kind: .message, data: masker.mask(reply.json), time: reply.time)]))
                default:
                    break
                }
            }
            guard !Task.isCancelled else { return }
            guard let status = exchange.status else {
                inbox.post(.requestFailed(id: id, message: masker.mask(exchange.failure ?? "the call was not made")))
                return
            }
            let outcome = call.outcome(exchange, secrets: masker.secrets)
            var summary = Self.summary(exchange, status: status, masker: masker)
            summary.checks = outcome.checks
            summary.captured = outcome.captured
            inbox.post(.responseReceived(id: id, summary))
        }
    }
}
