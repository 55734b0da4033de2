import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs one request to its end: attempts, back-off, the overall deadline, validation, the fallback, hooks and logging.
///
/// All three sending styles (completion handler, publisher, async) are thin wrappers around this one engine,
/// so they behave identically. It completes exactly once.
final class RequestOperation: @unchecked Sendable {
    typealias Completion = @Sendable (Result<Request.Response, RequestError>) -> Void

    private let request: Request
    private let transport: any HTTPTransport
    private let completion: Completion
    /// Signs each hop (SigV4) and answers Digest challenges.
    private let credentials: HopCredentials
    private let startedAt = DispatchTime.now()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var attempts = 0
    /// The hop in flight.
    private var exchange: (any TransportExchange)?
    private var finished = false
    private var retryWork: DispatchWorkItem?
    private var deadlineWork: EngineTimers.Token?
    /// Ends the attempt in flight when `timeoutInterval` has passed since it started.
    private var attemptTimeoutWork: EngineTimers.Token?
    /// The attempt the timeout ended, so its cancellation is reported as a timeout.
    private var timedOutAttempt = 0
    /// Hears a streamed response's head and body pieces as they arrive; nil for a plain send.
    private let onPart: (@Sendable (ResponseStreamPart) -> Void)?
    /// The attempt whose response is being streamed (its head was handed over); 0 for none.
    private var streamingAttempt = 0
    /// When the streamed response last sent something (`DispatchTime` nanoseconds).
    private var lastActivity: UInt64 = 0
    /// Ends a streamed response that stays silent longer than `streamIdleTimeout`.
    private var idleWork: EngineTimers.Token?
    /// The attempt the idle timeout ended, so its cancellation is reported as a timeout.
    private var idledOutAttempt = 0
    /// The attempt ended by an event over `maxEventSize`, so its cancellation is reported as that.
    private var oversizedAttempt = 0
    /// Splits the streamed body into events; what it found so far is kept within `keptEventBytes`.
    private var eventReader: StreamEventReader?
    private var keptEvents: [StreamEvent] = []
    private var keptEventBytes = 0
    private var eventCount = 0

    init(request: Request, transport: any HTTPTransport, onPart: (@Sendable (ResponseStreamPart) -> Void)? = nil,
         completion: @escaping Completion) {
        self.request = request
        self.transport = transport
        self.onPart = onPart
        self.completion = completion
        self.credentials = HopCredentials(authentication: request.authentication, origin: request.url, configuration: request.configuration)
    }

    /// Starts the first attempt, resuming its first hop unless told not to, and returns that hop's exchange
    /// (`nil` when the request could not be built or was already cancelled; the completion then says why).
    @discardableResult
    func start(autoResume: Bool = true) -> (any TransportExchange)? {
        // Cancelled before it started (a task cancelled while being set up): send nothing.
        if lock.withLock({ finished }) { return nil }
        if let deadline = request.configuration.deadline {
            let work = EngineTimers.shared.schedule(at: startedAt + deadline) { [self] in deadlinePassed(deadline) }
            // Cancelled meanwhile: `finish` has run and will not cancel a timer stored after it.
            let stored = lock.withLock { () -> Bool in
                guard !finished else { return false }
                deadlineWork = work
                return true
            }
            if !stored { work.cancel() }
        }
        switch makeAttempt() {
        case let .success(exchange):
            // A cancel that came before the hop was stored could not reach it: do not send it then.
            if autoResume, !lock.withLock({ finished }) { exchange.resume() }
            return exchange
        case let .failure(error):
            finish(.failure(error))
            return nil
        }
    }

    /// Stops the request at once, whatever it is doing: in flight or waiting to retry.
    func cancel() {
        let inFlight = lock.withLock { () -> (any TransportExchange)? in
            retryWork?.cancel()
            return exchange
        }
        inFlight?.cancel()
        finish(.failure(.urlError(request: request, error: URLError(.cancelled))))
    }

    private func secondsSinceStart() -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - startedAt.uptimeNanoseconds) / 1e9
    }

    private func remainingBeforeDeadline() -> TimeInterval? {
        request.configuration.deadline.map { $0 - secondsSinceStart() }
    }

    private func makeAttempt() -> Result<any TransportExchange, RequestError> {
        let urlRequest: URLRequest
        do {
            urlRequest = try request.makeURLRequest(timeout: remainingBeforeDeadline())
        } catch {
            return .failure(error)
        }
        if let refusal = transport.refusal(for: urlRequest, configuration: request.configuration) {
            return .failure(.urlError(request: request, error: refusal))
        }
        let attempt = lock.withLock { () -> Int in
            attempts += 1
            return attempts
        }
        for hook in request.hooks.willSend { hook(urlRequest) }
        log(urlRequest, attempt: attempt)

        let attemptStart = DispatchTime.now()
        let first = makeHop(urlRequest, attempt: attempt, attemptStart: attemptStart, hops: [])
        // The timer bounds the whole attempt, every hop and the body included, to the millisecond: no transport's own
        // timeout is relied on (FoundationNetworking's only limits the wait between bytes, in whole seconds).
        let timeout = request.configuration.timeoutInterval
        let timeoutWork = timeout.isFinite && timeout > 0
            ? EngineTimers.shared.schedule(at: attemptStart + timeout) { [self] in attemptTimedOut(attempt) } : nil
        let (previous, stale) = lock.withLock { () -> (EngineTimers.Token?, Bool) in
            guard !finished else { return (nil, true) }
            defer { attemptTimeoutWork = timeoutWork }
            return (attemptTimeoutWork, false)
        }
        previous?.cancel()
        if stale { timeoutWork?.cancel() }
        return .success(first)
    }

    /// Prepares one hop of attempt `attempt` (not resumed) and makes it the exchange in flight; `answering` when it
    /// is the same hop sent again to answer a Digest challenge, which is done once.
    private func makeHop(_ urlRequest: URLRequest, attempt: Int, attemptStart: DispatchTime, hops: [RedirectHop],
                         answering: Bool = false) -> any TransportExchange {
        let configuration = request.configuration
        var sent = urlRequest
        if let jar = configuration.cookieJar, configuration.httpShouldHandleCookies, let url = urlRequest.url {
            // The jar decides, so Foundation's own cookie store must not add or take cookies too.
            sent.httpShouldHandleCookies = false
            if sent.value(forHTTPHeaderField: "Cookie") == nil, let cookies = jar.header(for: url) { sent.setValue(cookies, forHTTPHeaderField: "Cookie") }
        }
        // Last, so a SigV4 signature covers the hop's final headers (the cookies too).
        credentials.apply(to: &sent)
        // The credential as sent, so a 401 names the token it refused (another request may have renewed it since).
        let authorization = sent.value(forHTTPHeaderField: "Authorization")
        // Kept as Foundation holds them, for a transport that does not say what it wrote; put in order only for the hop
        // that answers, not for every hop.
        let sentFields = sent.allHTTPHeaderFields ?? [:]
        var onHead: (@Sendable (HTTPURLResponse, HTTPHeaders?, [String: String]?) -> Void)?
        var onBody: (@Sendable (Data) -> Void)?
        if onPart != nil {
            onHead = { [self] head, fields, written in
                headArrived(head, fields: fields, urlRequest: urlRequest, sentFields: written ?? sentFields, attempt: attempt,
                            answering: answering)
            }
            onBody = { [self] data in bodyArrived(data, attempt: attempt) }
        }
        let receiver = HopReceiver(maxBytes: configuration.maxResponseBytes, memoryLimit: configuration.memoryBodyLimit,
                                   onHead: onHead, onBody: onBody) { [self] outcome in
            var outcome = outcome
            if outcome.sentFields == nil { outcome.sentFields = sentFields }
            hopFinished(outcome, urlRequest: urlRequest, attempt: attempt, attemptStart: attemptStart, hops: hops, answering: answering,
                        authorization: authorization)
        }
        let hop = transport.exchange(sent, configuration: configuration, events: receiver)
        receiver.attach(hop)
        lock.withLock { exchange = hop }
        return hop
    }

    /// A hop ended: a redirect to follow starts the next hop; anything else ends the attempt.
    private func hopFinished(_ outcome: HopReceiver.Outcome, urlRequest: URLRequest, attempt: Int, attemptStart: DispatchTime,
                             hops: [RedirectHop], answering: Bool, authorization: String? = nil) {
        var outcome = outcome
        if let jar = request.configuration.cookieJar, request.configuration.httpShouldHandleCookies, let response = outcome.response,
           let url = urlRequest.url {
            outcome.setCookies += jar.store(from: response, url: url)
        }
        if !answering, outcome.error == nil, let response = outcome.response,
           credentials.answers(response, headers: outcome.headers, to: urlRequest) {
            let (current, timedOut) = lock.withLock { (!finished && attempts == attempt, timedOutAttempt == attempt) }
            guard current else { return }
            guard !timedOut else {
                var late = outcome
                late.error = URLError(.timedOut)
                return attemptFinished(late, attemptStart: attemptStart, hops: hops)
            }
            logDebug("↺ 401: answering the Digest challenge of \(request.description)")
            return makeHop(urlRequest, attempt: attempt, attemptStart: attemptStart, hops: hops, answering: true).resume()
        }
        if !answering, outcome.error == nil, let response = outcome.response,
           let credential = credentials.rejectedOAuth(response, to: urlRequest) {
            // The token was refused: renewed once (refreshed, or obtained again) and the hop sent again with it; when
            // no token can be had, the 401 is the answer.
            let rejected = authorization.map { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : $0 } ?? ""
            Task { [self] in
                let replacement = await credential.replacement(for: rejected)
                let (current, timedOut) = lock.withLock { (!finished && attempts == attempt, timedOutAttempt == attempt) }
                guard current else { return }
                guard replacement != nil, !timedOut else {
                    var late = outcome
                    if timedOut { late.error = URLError(.timedOut) }
                    return attemptFinished(late, attemptStart: attemptStart, hops: hops)
                }
                logDebug("↺ 401: sending \(request.description) again with a renewed OAuth token")
                makeHop(urlRequest, attempt: attempt, attemptStart: attemptStart, hops: hops, answering: true).resume()
            }
            return
        }
        guard outcome.error == nil, request.configuration.followRedirects, let response = outcome.response,
              let next = Redirection.nextRequest(after: urlRequest, response: response), let from = urlRequest.url,
              let to = next.url else {
            return attemptFinished(outcome, attemptStart: attemptStart, hops: hops)
        }
        guard hops.count < Redirection.maxRedirects else {
            var looped = outcome
            looped.error = URLError(.httpTooManyRedirects)
            return attemptFinished(looped, attemptStart: attemptStart, hops: hops)
        }
        var hop = RedirectHop(method: urlRequest.httpMethod ?? "GET", url: from, statusCode: response.statusCode, location: to,
                              timing: outcome.timing)
        hop.setCookies = outcome.setCookies
        hop.connection = outcome.connection
        let (current, timedOut) = lock.withLock { (!finished && attempts == attempt, timedOutAttempt == attempt) }
        guard current else { return }
        // The attempt's time ran out as this hop ended: there is no hop left in flight for the timer to cancel.
        guard !timedOut else {
            var late = outcome
            late.error = URLError(.timedOut)
            return attemptFinished(late, attemptStart: attemptStart, hops: hops)
        }
        logDebug("↪ \(response.statusCode) \(SecretRedactor().redact(url: from)) → \(SecretRedactor().redact(url: to))")
        makeHop(next, attempt: attempt, attemptStart: attemptStart, hops: hops + [hop]).resume()
    }

    /// The head of a hop of a streamed send: when it is the response (not a redirect the core follows) and its body is
    /// to stream, the head is handed over and from then on the attempt's timeout gives way to the idle timeout.
    private func headArrived(_ head: HTTPURLResponse, fields: HTTPHeaders?, urlRequest: URLRequest, sentFields: [String: String],
                             attempt: Int, answering: Bool) {
        guard let onPart else { return }
        let configuration = request.configuration
        // A Digest challenge the core is about to answer is not the response.
        if !answering, head.statusCode == 401, case .digest? = request.authentication { return }
        if !answering, head.statusCode == 401, case .oauth2? = request.authentication { return }
        if configuration.followRedirects, Redirection.nextRequest(after: urlRequest, response: head) != nil { return }
        let headers = fields ?? HTTPHeaders(response: head)
        let format = StreamFormat(contentType: headers["Content-Type"])
        guard configuration.streamsEveryResponse || format.alwaysStreams else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let (current, timeout) = lock.withLock { () -> (Bool, EngineTimers.Token?) in
            guard !finished, attempts == attempt, timedOutAttempt != attempt else { return (false, nil) }
            streamingAttempt = attempt
            lastActivity = now
            eventReader = StreamEventReader(format: format, maxEventSize: configuration.maxEventSize)
            keptEvents = []
            keptEventBytes = 0
            eventCount = 0
            defer { attemptTimeoutWork = nil }
            return (true, attemptTimeoutWork)
        }
        guard current else { return }
        // A stream lasts as long as the server sends: `timeoutInterval` bounded the wait for the head, and only silence
        // (with `streamIdleTimeout`) ends it from here on.
        timeout?.cancel()
        scheduleIdleCheck(attempt: attempt)
        var arrived = ResponseHead(urlResponse: head, headers: headers, format: format, time: secondsSinceStart())
        arrived.sentHeaders = SentRequest.headers(in: request.effectiveHeaders.fields, sent: sentFields)
        onPart(.head(arrived))
    }

    /// A piece of a streamed body, handed over at once with the events it completed.
    private func bodyArrived(_ data: Data, attempt: Int) {
        guard let onPart else { return }
        let time = secondsSinceStart()
        let (current, events, oversized) = lock.withLock { () -> (Bool, [StreamEvent], (any TransportExchange)?) in
            guard !finished, streamingAttempt == attempt, eventReader != nil else { return (false, [], nil) }
            lastActivity = DispatchTime.now().uptimeNanoseconds
            // Read in place: a copy of the reader shared its buffer of the line being read, so each piece copied the
            // whole line so far before adding to it (a 60 MB line took 27 s, a 100 MB one 76 s).
            let events = eventReader?.read(data, time: time) ?? []
            keep(events)
            guard eventReader?.isOverLimit == true, oversizedAttempt != attempt else { return (true, events, nil) }
            oversizedAttempt = attempt
            return (true, events, exchange)
        }
        guard current else { return }
        onPart(.body(data, time: time))
        if !events.isEmpty { onPart(.events(events)) }
        // The events before it were handed over; the rest of the stream is not read.
        oversized?.cancel()
    }

    /// Counts `events` and keeps them while their data fits `keptEventBytes`. Call with `lock` held.
    private func keep(_ events: [StreamEvent]) {
        for event in events {
            eventCount += 1
            // Kept from the start with no gap: once one does not fit, none after it is kept.
            guard keptEvents.count == eventCount - 1, keptEventBytes + event.data.utf8.count <= request.configuration.keptEventBytes else {
                continue
            }
            keptEventBytes += event.data.utf8.count
            keptEvents.append(event)
        }
    }

    /// Arms the idle check for `streamIdleTimeout` after the stream's last activity.
    private func scheduleIdleCheck(attempt: Int) {
        guard let idle = request.configuration.streamIdleTimeout, idle > 0, idle.isFinite else { return }
        let due = lock.withLock { lastActivity } &+ UInt64(idle * 1e9)
        let work = EngineTimers.shared.schedule(at: DispatchTime(uptimeNanoseconds: due)) { [self] in idleCheck(attempt: attempt, idle: idle) }
        let (previous, stale) = lock.withLock { () -> (EngineTimers.Token?, Bool) in
            guard !finished else { return (nil, true) }
            defer { idleWork = work }
            return (idleWork, false)
        }
        previous?.cancel()
        if stale { work.cancel() }
    }

    /// Ends the stream when it has been silent for `idle` seconds; otherwise checks again when it could have been.
    /// One timer per silence rather than one per piece: a fast stream re-arms it only when it fires.
    private func idleCheck(attempt: Int, idle: TimeInterval) {
        let now = DispatchTime.now().uptimeNanoseconds
        var expired: (any TransportExchange)?
        let again = lock.withLock { () -> Bool in
            guard !finished, streamingAttempt == attempt, attempts == attempt, let exchange else { return false }
            guard now &- lastActivity >= UInt64(idle * 1e9) else { return true }
            idledOutAttempt = attempt
            expired = exchange
            return false
        }
        if again { scheduleIdleCheck(attempt: attempt) }
        expired?.cancel()
    }

    /// Cancels attempt `attempt` if it is still in flight; its completion then reports a timeout.
    private func attemptTimedOut(_ attempt: Int) {
        let inFlight = lock.withLock { () -> (any TransportExchange)? in
            guard !finished, attempts == attempt, let exchange else { return nil }
            timedOutAttempt = attempt
            return exchange
        }
        inFlight?.cancel()
    }

    private func attemptFinished(_ outcome: HopReceiver.Outcome, attemptStart: DispatchTime, hops: [RedirectHop]) {
        let duration = Double(DispatchTime.now().uptimeNanoseconds - attemptStart.uptimeNanoseconds) / 1e9
        let (isFinished, attempt, timedOut, idledOut, oversized, streamed) = lock.withLock { () -> (Bool, Int, Bool, Bool, Bool, Bool) in
            exchange = nil
            attemptTimeoutWork?.cancel()
            attemptTimeoutWork = nil
            idleWork?.cancel()
            idleWork = nil
            return (finished, attempts, timedOutAttempt == attempts, idledOutAttempt == attempts, oversizedAttempt == attempts,
                    streamingAttempt == attempts)
        }
        guard !isFinished else { return }

        if var urlError = outcome.error {
            if timedOut, urlError.code == .cancelled { urlError = URLError(.timedOut) }
            if idledOut, urlError.code == .cancelled, let idle = request.configuration.streamIdleTimeout {
                urlError = URLError(.timedOut, detail: "nothing arrived for \(RequestError.seconds(idle)) (streamIdleTimeout)")
            }
            if oversized, urlError.code == .cancelled {
                let limit = MeasurementText.byteCount(request.configuration.maxEventSize)
                urlError = URLError(.dataLengthExceedsMaximum, detail: "an event of the stream is longer than \(limit), the limit (maxEventSize)")
            }
            let failure = RequestError.urlError(request: request, error: urlError)
            // What was handed over cannot be taken back, so a stream that has started is never sent again.
            if !streamed, let policy = request.configuration.retryPolicy, policy.retryableURLErrorCodes.contains(urlError.code) {
                return retryOrFail(policy: policy, attempt: attempt, retryAfter: nil, failure: failure)
            }
            return fail(failure)
        }
        guard let http = outcome.response else {
            return fail(.urlError(request: request, error: URLError(.badServerResponse)))
        }
        var received = Request.Response(request: request, urlResponse: http, data: outcome.data, duration: duration,
                                        totalDuration: secondsSinceStart(), attempts: attempt, isBodyOnDisk: outcome.isOnDisk,
                                        hops: hops, connection: outcome.connection, timing: outcome.timing, headers: outcome.headers)
        if streamed { finishEvents(of: &received) }
        received.setCookies = hops.flatMap(\.setCookies) + outcome.setCookies
        received.wireByteCount = outcome.wireByteCount
        // In the order of the request's own headers; injectors are not asked again (each call may count or differ).
        if let sentFields = outcome.sentFields {
            received.sentHeaders = SentRequest.headers(in: request.effectiveHeaders.fields, sent: sentFields)
        }
        if !streamed, let policy = request.configuration.retryPolicy, policy.retryableStatusCodes.contains(http.statusCode) {
            let failure = validate(received) ?? .httpStatus(request: request, error: HTTPError(response: received))
            return retryOrFail(policy: policy, attempt: attempt, retryAfter: received.headers["Retry-After"],
                               failure: failure, lastResponse: received)
        }
        if let failure = validate(received) { return fail(failure) }
        finish(.success(received))
    }

    /// The last event of a streamed body (a JSON line without its line end) handed over, and the events kept put on
    /// the response.
    private func finishEvents(of response: inout Request.Response) {
        let time = secondsSinceStart()
        let (last, kept, count) = lock.withLock { () -> ([StreamEvent], [StreamEvent], Int) in
            guard var reader = eventReader else { return ([], [], 0) }
            let last = reader.finish(time: time)
            eventReader = nil
            keep(last)
            return (last, keptEvents, eventCount)
        }
        if !last.isEmpty { onPart?(.events(last)) }
        response.events = kept
        response.eventCount = count
    }

    /// Retries when the policy allows another attempt in time; otherwise ends with the failure
    /// (or with the last response, when its status is one the configuration accepts).
    private func retryOrFail(policy: RetryPolicy, attempt: Int, retryAfter: String?, failure: RequestError,
                             lastResponse: Request.Response? = nil) {
        let giveUp = {
            if let lastResponse, self.validate(lastResponse) == nil { return self.finish(.success(lastResponse)) }
            self.fail(failure)
        }
        guard attempt <= policy.maxRetries, policy.retryableMethods.contains(request.httpMethod) else { return giveUp() }
        let delay = policy.delay(beforeRetry: attempt, retryAfter: retryAfter)
        if let remaining = remainingBeforeDeadline(), remaining <= delay {
            return fail(.deadlineExceeded(request: request, deadline: request.configuration.deadline ?? 0, attempts: attempt))
        }
        logDebug("retrying \(request.description) in \(RequestError.seconds(delay)) after attempt \(attempt)")
        let work = DispatchWorkItem { [self] in
            switch makeAttempt() {
            case let .success(exchange): exchange.resume()
            case let .failure(error): fail(error)
            }
        }
        let scheduled = lock.withLock { () -> Bool in
            guard !finished else { return false }
            retryWork = work
            return true
        }
        if scheduled { DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: work) }
    }

    private func deadlinePassed(_ deadline: TimeInterval) {
        let (inFlight, attempt) = lock.withLock { () -> ((any TransportExchange)?, Int) in
            retryWork?.cancel()
            return (exchange, attempts)
        }
        fail(.deadlineExceeded(request: request, deadline: deadline, attempts: max(attempt, 1)))
        inFlight?.cancel()
    }

    /// The status check, then each validator; `nil` when the response is accepted.
    private func validate(_ response: Request.Response) -> RequestError? {
        let configuration = request.configuration
        if !configuration.accepts(statusCode: response.statusCode) {
            return .httpStatus(request: request, error: HTTPError(response: response))
        }
        for validator in configuration.validators {
            do {
                try validator.validate(response)
            } catch {
                return .validation(request: request, validator: validator.name, message: "\(error)", response: response)
            }
        }
        return nil
    }

    /// Ends with a failure, unless the request has a fallback that passes validation.
    private func fail(_ failure: RequestError) {
        if let fallback = request.fallback, !failure.isCancelled, let url = request.url,
           let urlResponse = fallback.urlResponse(for: url) {
            let response = Request.Response(request: request, urlResponse: urlResponse, data: fallback.data,
                                            totalDuration: secondsSinceStart(),
                                            attempts: lock.withLock { attempts }, isFallback: true)
            if let rejected = validate(response) { return finish(.failure(rejected)) }
            logDebug("using the fallback response for \(request.description) after: \(failure.description)")
            return finish(.success(response))
        }
        finish(.failure(failure))
    }

    private func finish(_ result: Result<Request.Response, RequestError>) {
        let first = lock.withLock { () -> Bool in
            guard !finished else { return false }
            finished = true
            retryWork?.cancel()
            deadlineWork?.cancel()
            attemptTimeoutWork?.cancel()
            idleWork?.cancel()
            return true
        }
        guard first else { return }
        switch result {
        case let .success(response):
            logDebug(
                "← \(response.statusCode) \(response.reasonPhrase) \(request.description) in \(RequestError.seconds(response.duration)), \(response.byteCount) bytes")
            for hook in request.hooks.didReceive { hook(response) }
        case let .failure(error):
            logDebug("✗ \(error.description)")
            for hook in request.hooks.didFail { hook(error) }
        }
        completion(result)
    }

    private func log(_ urlRequest: URLRequest, attempt: Int) {
        guard let logger = request.hooks.logger else { return }
        let redactor = SecretRedactor()
        var headers = HTTPHeaders()
        for (name, value) in (urlRequest.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name, redactor.redact(name: name, value: value))
        }
        let url = urlRequest.url.map { redactor.redact(url: $0) } ?? ""
        let masker = SecretMasker(secrets: request.hooks.maskedValues)
        logger.debug("\(masker.mask("→ \(request.httpMethod.rawValue) \(url) (attempt \(attempt))"))",
                     metadata: ["headers": .string(masker.mask(headers.fields.map(\.description).joined(separator: "; ")))])
    }

    /// Logs `text` at debug level with the request's secret values masked, when there is a logger.
    private func logDebug(_ text: @autoclosure () -> String) {
        guard let logger = request.hooks.logger else { return }
        let masked = SecretMasker(secrets: request.hooks.maskedValues).mask(text())
        logger.debug("\(masked)")
    }
}
