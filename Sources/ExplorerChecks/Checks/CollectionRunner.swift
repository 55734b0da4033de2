import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Sends planned requests of one collection as a test suite: in plan order, or up to `parallel` at once where no
/// request waits for another; each response's checks evaluated and captures recorded for the requests after it.
public struct CollectionRunner: Sendable {
    /// The collection.
    public var collection: CollectionSpec
    /// The environment.
    public var environment: EnvironmentSpec?
    /// `--set` values; they win over captured values.
    public var overrides: [Variable]
    /// `--header` values.
    public var extraHeaders: [KeyValue]
    /// The demo API's address, for `builtin:demo` environments.
    public var demoBaseURL: URL?
    /// How many requests may be in flight at once (1: one after another).
    public var parallel: Int
    /// How many times the whole plan is sent.
    public var repetitions: Int
    /// Seconds to wait before starting each request after the first.
    public var delay: Double
    /// Stop starting requests after the first that failed a check or could not be sent.
    public var bail: Bool
    /// Told of every exchange after its outcome is known: the request as sent, the response or why there was none,
    /// and when it was sent (the command keeps them in history).
    public var onExchange: (@Sendable (ResolvedRequest, Request.Response?, String?, Date) -> Void)?
    /// Sends one request and judges its response, in place of the runner's own resolve-send-evaluate (the command
    /// line's send pipeline, which also starts the built-in demo and keeps history); `onExchange` is then not called.
    public var sender: (@Sendable (RequestResolver) async -> RequestOutcome)?
    /// The process environment, for `{{$env.NAME}}`: read once, because building it from `environ` for every request
    /// was a tenth of `run --repeat 1000`'s time.
    public var processEnvironment: [String: String]
    /// What the collection may read and run outside its directory (without a `sender`, which decides itself).
    public var trust = TrustGrant.nothing
    /// What the run's requests share: cookie jars, OAuth tokens, Digest sessions, secrets read, the spec parsed.
    public var context = SendContext()

    /// Creates a runner.
    public init(collection: CollectionSpec, environment: EnvironmentSpec?, overrides: [Variable] = [], extraHeaders: [KeyValue] = [],
                demoBaseURL: URL? = nil, parallel: Int = 1, repetitions: Int = 1, delay: Double = 0, bail: Bool = false,
                processEnvironment: [String: String] = ProcessInfo.processInfo.environment) {
        self.collection = collection
        self.environment = environment
        self.overrides = overrides
        self.extraHeaders = extraHeaders
        self.demoBaseURL = demoBaseURL
        self.parallel = max(parallel, 1)
        self.repetitions = max(repetitions, 1)
        self.delay = max(delay, 0)
        self.bail = bail
        self.processEnvironment = processEnvironment
    }

    /// Sends `plan` `repetitions` times, starting from the values in `store`; `progress` is called after each request
    /// with the outcome and how many of the total are done. Returns the outcomes in the order they finished and the
    /// store with every captured value added. Cancelling the calling task (Ctrl-C in `run`) cancels the requests in
    /// flight and starts no more: what finished is returned.
    public func run(_ plan: [PlannedRequest], store: CaptureStore,
                    progress: @escaping @Sendable (RequestOutcome, Int, Int) -> Void = { _, _, _ in }) async -> (outcomes: [RequestOutcome], store: CaptureStore) {
        var store = store
        var outcomes: [RequestOutcome] = []
        let total = plan.count * repetitions
        var started = 0
        let inPlan = Set(plan.map(\.reference))
        iterations: for iteration in 1...repetitions {
            var pending = Array(plan.indices)
            var finished: [String: Bool] = [:]
            var running = 0
            var stopped = false
            await withTaskGroup(of: RequestOutcome.self) { group in
                while true {
                    // A request is ready once every request it needs that is in the plan has finished.
                    while !stopped, !Task.isCancelled, running < parallel, let next = pending.firstIndex(where: { index in
                        plan[index].dependencies.allSatisfy { finished[$0] != nil || !inPlan.contains($0) }
                    }) {
                        let planned = plan[pending.remove(at: next)]
                        let failed = planned.dependencies.filter { finished[$0] == false }
                        if !failed.isEmpty {
                            let outcome = RequestOutcome(reference: planned.reference, name: planned.located.request.name, iteration: iteration,
                                                         error: "not sent: it needs \(failed.joined(separator: ", ")), which could not be sent or captured nothing")
                            finished[planned.reference] = false
                            outcomes.append(outcome)
                            progress(outcome, outcomes.count, total)
                            continue
                        }
                        let wait = started > 0 ? delay : 0
                        started += 1
                        let variables = store.variables(environment: environment?.name) + overrides
                        running += 1
                        group.addTask { await send(planned, iteration: iteration, variables: variables, after: wait) }
                    }
                    guard let outcome = await group.next() else { break }
                    running -= 1
                    // A request whose capture found nothing has not done its job for the requests that need it: they
                    // would go out with an old value, or none.
                    let capturedAll = !outcome.checks.contains { if case .capture = $0.check.kind { !$0.passed } else { false } }
                    finished[outcome.reference] = outcome.error == nil && capturedAll
                    store.record(outcome.captured, environment: environment?.name)
                    store.forget(outcome.released, environment: environment?.name)
                    outcomes.append(outcome)
                    progress(outcome, outcomes.count, total)
                    if bail, !outcome.passed { stopped = true }
                }
            }
            if stopped || Task.isCancelled { break iterations }
        }
        return (outcomes, store)
    }

    /// Resolves and sends one request, after waiting `delay` seconds.
    func send(_ planned: PlannedRequest, iteration: Int, variables: [Variable], after delay: Double) async -> RequestOutcome {
        if delay > 0 { try? await Task.sleep(for: .milliseconds(Int(delay * 1000))) }
        let request = planned.located.request
        var resolver = RequestResolver(collection: collection, folders: planned.located.folders, request: request,
                                       environment: environment, overrides: variables, extraHeaders: extraHeaders, demoBaseURL: demoBaseURL,
                                       processEnvironment: processEnvironment)
        // Sent, not previewed: secret references are read (once per process), as far as the collection is trusted.
        resolver.inputs.isSending = true
        resolver.inputs.trust = trust
        resolver.inputs.context = context
        if let sender {
            var outcome = await sender(resolver)
            outcome.iteration = iteration
            return outcome
        }
        let secrets = resolver.variableResolver.secretValues
        let masker = SecretMasker(secrets: secrets)
        func failure(_ message: String) -> RequestOutcome {
            RequestOutcome(reference: planned.reference, name: request.name, iteration: iteration, error: masker.mask(message))
        }
        let resolved: ResolvedRequest
        do { resolved = try resolver.resolve() } catch { return failure("could not be resolved: \(error.description)") }
        let response: Request.Response
        let sentAt = Date()
        do {
            // Sent as a stream may come, so a streamed response's events reach its checks.
            response = try await resolved.request.send(onPart: { _ in })
        } catch {
            guard let received = error.response else {
                onExchange?(resolved, nil, error.localizedDescription, sentAt)
                return failure("could not be sent: \(error.description)")
            }
            response = received
        }
        var outcome = resolver.outcome(of: response, secrets: secrets)
        outcome.iteration = iteration
        // A secret the response carried (a token captured as secret) is masked wherever the exchange is kept.
        onExchange?(resolved.adding(secrets: outcome.captured.filter(\.secret).map(\.value)), response, nil, sentAt)
        return outcome
    }
}
