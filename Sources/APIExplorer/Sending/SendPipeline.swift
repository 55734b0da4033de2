import ExplorerChecks
import ExplorerCore
import ExplorerScripts
import ExplorerWorkspace
import Foundation

/// The one way a saved request goes out, for the explorer and every command: the built-in demo's address filled in,
/// variables resolved, the request sent through ExplorerCore, its checks and captures evaluated, secrets masked
/// (those the response captured as secret too), and the exchange kept in history when the caller is ready.
struct SendPipeline: Sendable {
    /// Starts the built-in demo API for `builtin:demo` environments.
    let demo: DemoServerLauncher
    /// Where exchanges are kept; nil keeps none.
    let history: HistoryRecorder?
    /// What history records as the sender: `explorer`, `send`, `run`, `diff`.
    let source: String
    /// Show secret values instead of masking them (`--show-secrets`).
    var showsSecrets = false
    /// Asks for `{{$prompt Label}}` values on the terminal (`send`, `run`); nil where answers come with the request.
    var prompter: TerminalPrompter?
    /// Decides what the request may read and run outside its collection (`send`, `run`, `diff`); nil where that comes
    /// with the request (the explorer asks before it sends).
    var trustGate: TrustGate?
    /// Runs the requests' scripts; one engine for every send of the command or the explorer.
    var scripts = LazyScriptEngine()

    /// `resolver` ready to send: secret references read when resolved, the built-in demo's address filled in (starting
    /// the demo the first time).
    func prepare(_ resolver: RequestResolver) async throws(SendFailure) -> RequestResolver {
        var ready = resolver
        ready.inputs.isSending = true
        if let prompter { ready.inputs.prompter = prompter }
        if let trustGate { ready.inputs.trust = try trustGate.grant(for: ready) }
        guard resolver.environment?.usesBuiltInDemo == true else { return ready }
        do { ready.demoBaseURL = try await demo.baseURL() } catch { throw .demoUnavailable(String(describing: error)) }
        return ready
    }

    /// The request `resolver` makes as a preview shows it (an export, a copy): the demo's address filled in, nothing
    /// read or run outside the collection, templates shown as written.
    func preview(_ resolver: RequestResolver) async throws(SendFailure) -> ResolvedRequest {
        var looking = resolver
        looking.inputs.isSending = false
        if resolver.environment?.usesBuiltInDemo == true {
            do { looking.demoBaseURL = try await demo.baseURL() } catch { throw .demoUnavailable(String(describing: error)) }
        }
        do { return try looking.resolve() } catch { throw .unresolved(error) }
    }

    /// The request `resolver` makes, ready to send.
    func resolve(_ resolver: RequestResolver) async throws(SendFailure) -> ResolvedRequest {
        try await ready(resolver).resolved
    }

    /// What `run` reports for `resolver` when `ready` refused it: why, masked.
    func notReady(_ resolver: RequestResolver, _ failure: SendFailure) -> RequestOutcome {
        var exchange = SentExchange(resolver: resolver, sentAt: Date(), masker: SecretMasker(secrets: resolver.variableResolver.secretValues))
        exchange.failure = failure
        return exchange.runOutcome
    }

    /// `resolver` prepared (`prepare`) with its secrets read, and the request it makes.
    func ready(_ resolver: RequestResolver) async throws(SendFailure) -> (resolver: RequestResolver, resolved: ResolvedRequest) {
        let ready = try await prepare(resolver)
        try await readSecrets(ready)
        do { return (ready, try ready.resolve()) } catch { throw .unresolved(error) }
    }

    /// Resolves and sends `resolver`'s request and, with `evaluating`, evaluates its checks and captures. With `onPart`
    /// a response that streams is handed over as it arrives (head, body pieces, end) before the checks run; `limit`
    /// changes the resolved request before it goes (a tighter response limit for an answer the explorer reads itself).
    func send(_ resolver: RequestResolver, evaluating: Bool = true, limit: (@Sendable (Request) -> Request)? = nil,
              onPart: (@Sendable (ResponseStreamPart) -> Void)? = nil) async -> SentExchange {
        let sentAt = Date()
        var exchange = SentExchange(resolver: resolver, sentAt: sentAt, masker: masker(resolver.variableResolver.secretValues))
        do throws(SendFailure) {
            exchange.resolver = try await prepare(resolver)
            // Before resolving: the scripts may change the request and set variables it resolves with.
            if let (scripted, result) = RequestScripts(exchange.resolver).runBefore(engine: scripts) {
                exchange.before = result
                if let failure = result.failure { throw SendFailure.script(failure) }
                exchange.resolver = scripted
            }
            try await readSecrets(exchange.resolver)
        } catch {
            exchange.failure = error
            return exchange
        }
        var resolved: ResolvedRequest
        do { resolved = try exchange.resolver.resolve() } catch {
            exchange.failure = .unresolved(error)
            return exchange
        }
        if let limit { resolved.request = limit(resolved.request) }
        exchange.resolved = resolved
        exchange.masker = masker(resolved.secretValues)
        exchange.sentAt = Date()
        let response: Request.Response
        do {
            // Always as a stream may come: an event stream's timeout then bounds only the wait for its head, and its events
            // reach the checks (`$events`) and history. Parts are handed over on the transport's thread, so printing at
            // the pace of the terminal holds the server back.
            response = try await resolved.request.send(onPart: onPart ?? { _ in })
            onPart?(.end(response))
        } catch {
            exchange.failure = .transport(error)
            return exchange
        }
        exchange.response = response
        if case let .oauth2(credential)? = resolved.request.authentication {
            // The token was fetched (or renewed) while sending: a server echoing it is masked like any secret.
            resolved = resolved.adding(secrets: credential.secretValues)
            exchange.resolved = resolved
            exchange.masker = masker(resolved.secretValues)
        }
        let scripted = RequestScripts(exchange.resolver)
        if evaluating, scripted.has(.after) {
            exchange.after = scripted.runAfter(resolved: resolved, response: response, engine: scripts, before: exchange.before)
        }
        guard evaluating else { return exchange }
        var outcome = exchange.resolver.outcome(of: response, secrets: showsSecrets ? [] : resolved.secretValues)
        if let before = exchange.before { outcome.add(before, phase: .before) }
        if let after = exchange.after { outcome.add(after, phase: .after) }
        exchange.outcome = outcome
        // A secret the response itself carried (a token captured as secret) is masked wherever the exchange is shown or kept.
        let captured = outcome.captured.filter(\.secret).map(\.value)
        exchange.resolved = resolved.adding(secrets: captured)
        exchange.masker = masker(resolved.secretValues + captured)
        return exchange
    }

    /// Reads the secret references `resolver`'s request needs on a thread of its own: a program may wait long for the
    /// user to unlock a vault, and the tasks sharing the cooperative threads must not wait with it.
    func readSecrets(_ resolver: RequestResolver) async throws(SendFailure) {
        guard resolver.variableResolver.hasUnreadSecretReferences else { return }
        let failure = await withCheckedContinuation { (continuation: CheckedContinuation<ResolveError?, Never>) in
            DispatchQueue.global().async {
                do throws(ResolveError) {
                    _ = try resolver.resolve()
                    continuation.resume(returning: nil)
                } catch {
                    continuation.resume(returning: error)
                }
            }
        }
        if let failure { throw .unresolved(failure) }
    }

    /// Keeps `exchange` in history now (a command, before it exits); one that never resolved is not kept.
    func record(_ exchange: SentExchange) {
        guard let history, let resolved = exchange.resolved else { return }
        history.record(resolved, response: exchange.response, failure: exchange.failure?.description, source: source, sentAt: exchange.sentAt)
    }

    /// Keeps `exchange` in history on history's own queue, so storing never delays the screen or the next send.
    func recordLater(_ exchange: SentExchange) {
        guard let history, !history.isOff else { return }
        history.later { record(exchange) }
    }

    private func masker(_ secrets: [String]) -> SecretMasker {
        SecretMasker(secrets: showsSecrets ? [] : secrets)
    }
}
