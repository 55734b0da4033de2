import ExplorerChecks
import ExplorerCore
import ExplorerGRPC
import ExplorerWorkspace
import Foundation

/// A gRPC request's call, the one way `send` and `run` make it: resolved into an invocation (its saved messages for a
/// client stream), run, kept in history (secrets masked) and judged by the request's checks as a response whose
/// events are the replies (`$messages`, `messages:`), whose body is the reply, and whose status is the call's
/// (`grpcStatus:`).
struct GRPCRequestCall: Sendable {
    /// The request as resolved (URL, headers, body, TLS, proxy, timeout).
    var resolved: ResolvedRequest
    /// The request with its collection (the schema's files) and variables.
    var resolver: RequestResolver
    /// Where the call is kept; nil keeps none.
    var history: HistoryRecorder?
    /// What history records as the sender: `send`, `run`.
    var source: String

    /// The invocation the request makes; a failure names what is wrong with the request.
    func invocation() throws(GRPCFailure) -> GRPCInvocation {
        var messages: [String] = []
        if !resolver.request.messages.isEmpty {
            do {
                messages = try resolver.savedWebSocketMessages().map { $0.text ?? String(decoding: $0.data, as: UTF8.self) }
            } catch {
                throw GRPCFailure(error.description)
            }
        }
        // The schema's files are read (and .proto files compiled) only inside the collection: a cloned collection must not
        // point protoc at files elsewhere.
        let files = resolver.collection.grpcSchema
        for path in [files.protoset].compactMap({ $0 }) + files.proto {
            if let outside = resolver.boundary.outsideRead(path) {
                throw GRPCFailure("\(outside.value) is outside the collection \(resolver.collection.name); a gRPC schema file (protoset:, proto:) must be inside its directory")
            }
        }
        var invocation = try resolved.grpcInvocation(resolver.request, messages: messages, schemaFiles: files)
        invocation.cache = GRPCSchemaCache.standard(environment: resolver.processEnvironment)
        invocation.environment = resolver.processEnvironment
        return invocation
    }

    /// Runs `invocation`, telling `progress` of each step, and keeps the call in history.
    func run(_ invocation: GRPCInvocation, progress: @escaping @Sendable (GRPCProgress) -> Void = { _ in }) async -> GRPCExchange {
        let sentAt = Date()
        let exchange = await invocation.run(progress: progress)
        record(exchange, invocation: invocation, sentAt: sentAt)
        return exchange
    }

    /// The call judged by the request's checks and captures; `secrets` are masked in what they report.
    func outcome(_ exchange: GRPCExchange, secrets: [String]) -> RequestOutcome {
        guard let status = exchange.status else {
            return RequestOutcome(reference: resolver.reference, name: resolver.request.name, status: nil, duration: exchange.duration,
                                  error: SecretMasker(secrets: secrets).mask(exchange.failure ?? "the call was not made"))
        }
        var response = CheckedResponse(status: 200, headers: exchange.headers + exchange.trailers, body: Data(exchange.body.utf8),
                                       duration: exchange.duration)
        response.events = Self.events(exchange)
        response.eventCount = exchange.replies.count
        response.grpcStatus = (status.code, status.message)
        var outcome = RequestOutcome.evaluate(response, reference: resolver.reference, name: resolver.request.name, iteration: 1,
                                              checks: resolver.checks, captures: resolver.request.captures, secrets: secrets,
                                              variables: resolver.variableResolver)
        outcome.grpcStatus = status.code.name
        return outcome
    }

    /// The replies as a stream's events: checks and history read them as they read a WebSocket conversation's.
    static func events(_ exchange: GRPCExchange) -> [StreamEvent] {
        exchange.replies.map { StreamEvent(kind: .message, data: $0.json, time: $0.time) }
    }

    private func record(_ exchange: GRPCExchange, invocation: GRPCInvocation, sentAt: Date) {
        guard let history, !history.isOff else { return }
        let url = invocation.url.appendingPathComponent(invocation.method)
        let sent = exchange.sent.count == 1 ? exchange.sent[0] : "[" + exchange.sent.joined(separator: ",") + "]"
        let kept = HistoryExchange.recording(grpcCallOf: resolved, url: url, metadata: invocation.metadata, sent: sent,
                                             status: exchange.status?.description, headers: exchange.headers + exchange.trailers,
                                             body: exchange.body, replies: Self.events(exchange), duration: exchange.duration,
                                             failure: exchange.failure, source: source, sentAt: sentAt, limits: history.limits)
        history.later { history.record(kept) }
    }
}
