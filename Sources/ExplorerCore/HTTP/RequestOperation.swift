import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs one request to its end: it carries out what `RequestLifecycle` decides (attempts, back-off, the deadline and
/// time limits, redirects, challenges, the fallback) with a transport and timers, and adds validation, hooks and
/// logging.
///
/// All three sending styles (completion handler, publisher, async) are thin wrappers around this one engine,
/// so they behave identically. It completes exactly once.
final class RequestOperation: @unchecked Sendable {
    typealias Completion = @Sendable (Result<Request.Response, RequestError>) -> Void
    private typealias Action = RequestLifecycleAction

    /// One hop of an attempt: what the actions that continue from it need.
    private struct Hop: Sendable {
        var urlRequest: URLRequest
        var attempt: Int
        var attemptStart: DispatchTime
        /// The redirects followed before it.
        var hops: [RedirectHop]
        /// The hop is the same one sent again, to answer a challenge: that is done once.
        var answering: Bool
        /// The credential as sent, so a 401 names the token it refused (another request may have renewed it since).
        var authorization: String?

        /// The same hop, to send again in answer to its challenge.
        var answered: Hop {
            Hop(urlRequest: urlRequest, attempt: attempt, attemptStart: attemptStart, hops: hops, answering: true)
        }
    }

    /// What the lifecycle decided for an event: the actions left to carry out outside the lock, and the hop in flight
    /// when they were decided (the one to cancel or send).
    private struct Decision {
        var actions: [Action]
        var exchange: (any TransportExchange)?
        var now: TimeInterval
    }

    /// What ending the request may need: the last response and why it was refused, or why an attempt was not made.
    private struct Ending {
        var response: Request.Response?
        var rejection: RequestError?
        var notMade: RequestError?
    }

    private let request: Request
    private let transport: any HTTPTransport
    private let completion: Completion
    /// Signs each hop (SigV4) and answers Digest challenges.
    private let credentials: HopCredentials
    private let startedAt = DispatchTime.now()
    /// Hears a streamed response's head and body pieces as they arrive; nil for a plain send.
    private let onPart: (@Sendable (ResponseStreamPart) -> Void)?
    private let log: RequestLog
    private let lock = NSLock()
    // Guarded by `lock`.
    private var lifecycle: RequestLifecycle
    /// The hop in flight.
    private var exchange: (any TransportExchange)?
    private var timers: [RequestTimer: EngineTimers.Token] = [:]
    /// The events of the response streaming.
    private var collector: StreamEventCollector?

    init(request: Request, transport: any HTTPTransport, onPart: (@Sendable (ResponseStreamPart) -> Void)? = nil,
         completion: @escaping Completion) {
        self.request = request
        self.transport = transport
        self.onPart = onPart
        self.completion = completion
        self.log = RequestLog(request: request)
        self.credentials = HopCredentials(authentication: request.authentication, origin: request.url, configuration: request.configuration)
        let configuration = request.configuration
        lifecycle = RequestLifecycle(configuration: RequestLifecycle.Configuration(
            deadline: configuration.deadline, timeoutInterval: configuration.timeoutInterval,
            streamIdleTimeout: configuration.streamIdleTimeout, maxEventSize: configuration.maxEventSize,
            retryPolicy: configuration.retryPolicy, method: request.httpMethod, hasFallback: request.fallback != nil))
    }

    /// Starts the first attempt, resuming its first hop unless told not to, and returns that hop's exchange
    /// (`nil` when the request could not be built or was already cancelled; the completion then says why).
    @discardableResult
    func start(autoResume: Bool = true) -> (any TransportExchange)? {
        var first: (any TransportExchange)?
        perform(decide(.started)) { action in
            if case let .startAttempt(attempt) = action { first = startAttempt(attempt, autoResume: autoResume) }
        }
        return first
    }

    /// Stops the request at once, whatever it is doing: in flight or waiting to retry.
    func cancel() {
        perform(decide(.cancelled))
    }

    // MARK: Deciding and carrying out

    /// Hands `event` to the lifecycle; `locked` runs right after, still under the lock, to add what follows at once.
    private func decide(_ event: RequestLifecycleEvent,
                        locked: (inout RequestLifecycle, inout [Action]) -> Void = { _, _ in }) -> Decision {
        let now = secondsSinceStart()
        return lock.withLock {
            if case let .attemptEnded(attempt, _) = event, lifecycle.isCurrent(attempt) { exchange = nil }
            var actions = lifecycle.handle(event, now: now)
            locked(&lifecycle, &actions)
            return settle(actions, now: now)
        }
    }

    /// Arms and disarms timers and picks the hop in flight, under the lock, so no timer outlives the request and no
    /// later hop is cancelled by an earlier decision. Call with `lock` held.
    private func settle(_ actions: [Action], now: TimeInterval) -> Decision {
        var hop: (any TransportExchange)?
        for action in actions {
            switch action {
            case let .scheduleTimer(timer, at):
                timers.removeValue(forKey: timer)?.cancel()
                // Timers run their work on a global queue, never in `schedule`, so this lock is not taken twice.
                timers[timer] = transport.timers.schedule(at: startedAt + at) { [self] in timerFired(timer) }
            case let .cancelTimer(timer):
                timers.removeValue(forKey: timer)?.cancel()
            case .cancelExchange, .resume:
                hop = exchange
            default:
                break
            }
        }
        return Decision(actions: actions, exchange: hop, now: now)
    }

    /// Carries out the actions left for outside the lock; `local` takes those only the caller has the means for.
    private func perform(_ decision: Decision, ending: Ending = Ending(), local: (Action) -> Void = { _ in }) {
        for action in decision.actions {
            switch action {
            case let .scheduleTimer(.retry(attempt), at):
                log.debug("retrying \(request.description) in \(RequestError.seconds(at - decision.now)) after attempt \(attempt - 1)")
            case .scheduleTimer, .cancelTimer:
                break
            case .cancelExchange:
                decision.exchange?.cancel()
            case .resume:
                decision.exchange?.resume()
            case let .complete(end):
                finish(end, ending)
            default:
                local(action)
            }
        }
    }

    private func timerFired(_ timer: RequestTimer) {
        let decision = decide(.timerFired(timer)) { _, _ in timers[timer] = nil }
        perform(decision) { action in
            if case let .startAttempt(attempt) = action { startAttempt(attempt) }
        }
    }

    private func secondsSinceStart() -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - startedAt.uptimeNanoseconds) / 1e9
    }

    private func remainingBeforeDeadline() -> TimeInterval? {
        request.configuration.deadline.map { $0 - secondsSinceStart() }
    }

    // MARK: Attempts and hops

    /// Makes attempt `attempt` and sends its first hop (unless `autoResume` is false); returns that hop.
    @discardableResult
    private func startAttempt(_ attempt: Int, autoResume: Bool = true) -> (any TransportExchange)? {
        let urlRequest: URLRequest
        do throws(RequestError) {
            urlRequest = try request.makeURLRequest(timeout: remainingBeforeDeadline())
            if let refusal = transport.refusal(for: urlRequest, configuration: request.configuration) {
                throw RequestError.urlError(request: request, error: refusal)
            }
        } catch {
            perform(decide(.attemptNotMade(attempt: attempt)), ending: Ending(notMade: error))
            return nil
        }
        for hook in request.hooks.willSend { hook(urlRequest) }
        log.sending(urlRequest, attempt: attempt)
        let first = makeHop(Hop(urlRequest: urlRequest, attempt: attempt, attemptStart: DispatchTime.now(), hops: [], answering: false))
        var decision = decide(.attemptStarted(attempt: attempt))
        if !autoResume { decision.actions.removeAll { $0 == .resume(attempt: attempt) } }
        perform(decision)
        return first
    }

    /// Prepares `hop` (not resumed) and makes it the exchange in flight.
    @discardableResult
    private func makeHop(_ hop: Hop) -> any TransportExchange {
        var hop = hop
        let configuration = request.configuration
        var sent = hop.urlRequest
        if let jar = configuration.cookieJar, configuration.httpShouldHandleCookies, let url = sent.url {
            // The jar decides, so Foundation's own cookie store must not add or take cookies too.
            sent.httpShouldHandleCookies = false
            if sent.value(forHTTPHeaderField: "Cookie") == nil, let cookies = jar.header(for: url) { sent.setValue(cookies, forHTTPHeaderField: "Cookie") }
        }
        // Last, so a SigV4 signature covers the hop's final headers (the cookies too).
        credentials.apply(to: &sent)
        hop.authorization = sent.value(forHTTPHeaderField: "Authorization")
        // Kept as Foundation holds them, for a transport that does not say what it wrote; put in order only for the hop
        // that answers, not for every hop.
        let sentFields = sent.allHTTPHeaderFields ?? [:]
        let current = hop
        var onHead: (@Sendable (HTTPURLResponse, HTTPHeaders?, [String: String]?) -> Void)?
        var onBody: (@Sendable (Data) -> Void)?
        if onPart != nil {
            onHead = { [self] head, fields, written in headArrived(head, fields: fields, sentFields: written ?? sentFields, hop: current) }
            onBody = { [self] data in bodyArrived(data, attempt: current.attempt) }
        }
        let receiver = HopReceiver(maxBytes: configuration.maxResponseBytes, memoryLimit: configuration.memoryBodyLimit,
                                   onHead: onHead, onBody: onBody) { [self] outcome in
            var outcome = outcome
            if outcome.sentFields == nil { outcome.sentFields = sentFields }
            hopFinished(outcome, hop: current)
        }
        let exchange = transport.exchange(sent, configuration: configuration, events: receiver)
        receiver.attach(exchange)
        lock.withLock { self.exchange = exchange }
        return exchange
    }

    /// Makes `hop` and sends it, unless its attempt is over by then.
    private func send(_ hop: Hop) {
        let exchange = makeHop(hop)
        if lock.withLock({ lifecycle.isCurrent(hop.attempt) }) { exchange.resume() }
    }

    /// A hop ended: the lifecycle says whether a challenge is answered, a redirect followed, or the attempt ends.
    private func hopFinished(_ outcome: HopReceiver.Outcome, hop: Hop) {
        var outcome = outcome
        let configuration = request.configuration
        if let jar = configuration.cookieJar, configuration.httpShouldHandleCookies, let response = outcome.response,
           let url = hop.urlRequest.url {
            outcome.setCookies += jar.store(from: response, url: url)
        }
        var ending = RequestLifecycleEvent.HopEnding.final
        var credential: OAuth2Credential?
        var redirect: (next: URLRequest, from: URL, to: URL, statusCode: Int)?
        if outcome.error == nil, let response = outcome.response {
            if !hop.answering, credentials.answers(response, headers: outcome.headers, to: hop.urlRequest) {
                ending = .digestChallenge
            } else if !hop.answering, let rejected = credentials.rejectedOAuth(response, to: hop.urlRequest) {
                credential = rejected
                ending = .oauthChallenge
            } else if configuration.followRedirects, let next = Redirection.nextRequest(after: hop.urlRequest, response: response),
                      let from = hop.urlRequest.url, let to = next.url {
                redirect = (next, from, to, response.statusCode)
                ending = .redirect
            }
        }
        perform(decide(.hopEnded(attempt: hop.attempt, ending))) { action in
            switch action {
            case .replayHop:
                log.debug("↺ 401: answering the Digest challenge of \(request.description)")
                send(hop.answered)
            case .renewToken:
                if let credential { renew(credential, outcome: outcome, hop: hop) }
            case .followRedirect:
                guard let redirect else { return }
                var followed = RedirectHop(method: hop.urlRequest.httpMethod ?? "GET", url: redirect.from, statusCode: redirect.statusCode,
                                           location: redirect.to, timing: outcome.timing)
                followed.setCookies = outcome.setCookies
                followed.connection = outcome.connection
                let redactor = SecretRedactor()
                log.debug("↪ \(redirect.statusCode) \(redactor.redact(url: redirect.from)) → \(redactor.redact(url: redirect.to))")
                send(Hop(urlRequest: redirect.next, attempt: hop.attempt, attemptStart: hop.attemptStart, hops: hop.hops + [followed],
                         answering: false))
            case let .endAttempt(_, error):
                attemptFinished(outcome, hop: hop, error: error)
            default:
                break
            }
        }
    }

    /// Renews the refused OAuth token (refreshed, or obtained again) and sends the hop again with it.
    private func renew(_ credential: OAuth2Credential, outcome: HopReceiver.Outcome, hop: Hop) {
        let rejected = hop.authorization.map { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : $0 } ?? ""
        Task { [self] in
            let replacement = await credential.replacement(for: rejected)
            perform(decide(.tokenRenewed(attempt: hop.attempt, renewed: replacement != nil))) { action in
                switch action {
                case .replayHop:
                    log.debug("↺ 401: sending \(request.description) again with a renewed OAuth token")
                    send(hop.answered)
                case let .endAttempt(_, error):
                    attemptFinished(outcome, hop: hop, error: error)
                default:
                    break
                }
            }
        }
    }

    /// The attempt ended with `outcome`, or with `error` in place of what it says.
    private func attemptFinished(_ outcome: HopReceiver.Outcome, hop: Hop, error: URLError? = nil) {
        let attempt = hop.attempt
        // Validators run only for the attempt that counts.
        guard lock.withLock({ lifecycle.isCurrent(attempt) }) else { return }
        if let error = error ?? outcome.error {
            return perform(decide(.attemptEnded(attempt: attempt, .failed(error))))
        }
        guard let http = outcome.response else {
            return perform(decide(.attemptEnded(attempt: attempt, .missingResponse)))
        }
        let duration = Double(DispatchTime.now().uptimeNanoseconds - hop.attemptStart.uptimeNanoseconds) / 1e9
        var received = Request.Response(request: request, response: http, outcome: outcome, attempt: attempt, hops: hop.hops,
                                        duration: duration, totalDuration: secondsSinceStart())
        finishEvents(of: &received)
        let rejection = request.rejection(of: received)
        let result = RequestLifecycleEvent.AttemptResult.response(statusCode: http.statusCode, retryAfter: received.headers["Retry-After"],
                                                                  accepted: rejection == nil)
        perform(decide(.attemptEnded(attempt: attempt, result)),
                ending: Ending(response: received, rejection: rejection ?? .httpStatus(request: request, error: HTTPError(response: received))))
    }

    // MARK: Streaming

    /// The head of a hop of a streamed send: when it is the response (not a redirect the core follows) and its body is
    /// to stream, the lifecycle hands it over and from then on the attempt's timeout gives way to the idle timeout.
    private func headArrived(_ head: HTTPURLResponse, fields: HTTPHeaders?, sentFields: [String: String], hop: Hop) {
        guard let onPart else { return }
        let configuration = request.configuration
        // A challenge the core is about to answer is not the response.
        if !hop.answering, head.statusCode == 401, case .digest? = request.authentication { return }
        if !hop.answering, head.statusCode == 401, case .oauth2? = request.authentication { return }
        if configuration.followRedirects, Redirection.nextRequest(after: hop.urlRequest, response: head) != nil { return }
        let headers = fields ?? HTTPHeaders(response: head)
        let format = StreamFormat(contentType: headers["Content-Type"])
        guard configuration.streamsEveryResponse || format.alwaysStreams else { return }
        let decision = decide(.headReceived(attempt: hop.attempt)) { _, actions in
            guard actions.contains(.deliverHead(attempt: hop.attempt)) else { return }
            collector = StreamEventCollector(format: format, maxEventSize: configuration.maxEventSize,
                                             keptEventBytes: configuration.keptEventBytes)
        }
        perform(decision) { action in
            guard case .deliverHead = action else { return }
            var arrived = ResponseHead(urlResponse: head, headers: headers, format: format, time: secondsSinceStart())
            arrived.sentHeaders = SentRequest.headers(in: request.effectiveHeaders.fields, sent: sentFields)
            onPart(.head(arrived))
        }
    }

    /// A piece of a streamed body, handed over at once with the events it completed.
    private func bodyArrived(_ data: Data, attempt: Int) {
        guard let onPart else { return }
        var events: [StreamEvent] = []
        var time: TimeInterval = 0
        let decision = decide(.partReceived(attempt: attempt)) { lifecycle, actions in
            guard actions.contains(.deliverPart(attempt: attempt)) else { return }
            time = secondsSinceStart()
            events = collector?.read(data, time: time) ?? []
            if collector?.isOverLimit == true { actions += lifecycle.handle(.eventTooLong(attempt: attempt), now: time) }
        }
        perform(decision) { action in
            guard case .deliverPart = action else { return }
            onPart(.body(data, time: time))
            if !events.isEmpty { onPart(.events(events)) }
        }
    }

    /// The last event of a streamed body (a JSON line without its line end) handed over, and the events kept put on
    /// the response.
    private func finishEvents(of response: inout Request.Response) {
        let time = secondsSinceStart()
        let finished = lock.withLock { () -> (last: [StreamEvent], collector: StreamEventCollector)? in
            guard var ended = collector else { return nil }
            collector = nil
            return (ended.finish(time: time), ended)
        }
        guard let finished else { return }
        if !finished.last.isEmpty { onPart?(.events(finished.last)) }
        response.events = finished.collector.kept
        response.eventCount = finished.collector.count
    }

    // MARK: The end

    private func error(for failure: Action.Failure, _ ending: Ending) -> RequestError {
        switch failure {
        case let .transport(error):
            return .urlError(request: request, error: error)
        case .rejected:
            return ending.rejection ?? .urlError(request: request, error: URLError(.badServerResponse))
        case let .deadlineExceeded(attempts):
            return .deadlineExceeded(request: request, deadline: request.configuration.deadline ?? 0, attempts: attempts)
        case .notMade:
            return ending.notMade ?? .urlError(request: request, error: URLError(.badURL))
        case .cancelled:
            return .urlError(request: request, error: URLError(.cancelled))
        }
    }

    private func finish(_ end: Action.Ending, _ ending: Ending) {
        let result: Result<Request.Response, RequestError>
        switch end {
        case .response:
            result = ending.response.map { .success($0) } ?? .failure(error(for: .rejected, ending))
        case let .failure(failure):
            result = .failure(error(for: failure, ending))
        case let .fallback(after: failure):
            result = request.fallbackResult(after: error(for: failure, ending), attempts: lock.withLock { lifecycle.attempts },
                                            totalDuration: secondsSinceStart())
        }
        switch result {
        case let .success(response):
            log.debug(
                "← \(response.statusCode) \(response.reasonPhrase) \(request.description) in \(RequestError.seconds(response.duration)), \(response.byteCount) bytes")
            for hook in request.hooks.didReceive { hook(response) }
        case let .failure(error):
            log.debug("✗ \(error.description)")
            for hook in request.hooks.didFail { hook(error) }
        }
        completion(result)
    }
}
