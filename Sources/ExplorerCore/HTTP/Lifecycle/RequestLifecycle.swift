import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The decisions of `RequestOperation`, apart from transports, timers and locks: events go in, the actions they call
/// for come out, and `RequestOperation` carries them out.
///
/// A request makes attempts, retried with back-off as the `RetryPolicy` allows; each attempt is a chain of hops
/// (redirects followed, a Digest challenge answered, an OAuth token renewed once); the overall deadline, each
/// attempt's time limit and a stream's idle limit end what is in flight; the end is reported once, with the fallback
/// in place of a failure other than a cancellation. Times are seconds since the request started.
struct RequestLifecycle: Sendable {
    typealias Event = RequestLifecycleEvent
    typealias Action = RequestLifecycleAction

    /// What the lifecycle needs of the request's configuration.
    struct Configuration: Sendable {
        /// The overall deadline, in seconds from the start; nil for none.
        var deadline: TimeInterval?
        /// Each attempt's time limit until its response streams (not armed when infinite or not positive).
        var timeoutInterval: TimeInterval
        /// The silence a streamed response may keep before it is ended; nil for no limit.
        var streamIdleTimeout: TimeInterval?
        /// The longest event of a stream, named when one goes over it.
        var maxEventSize: Int
        /// How failed attempts are retried; nil for never.
        var retryPolicy: RetryPolicy?
        /// The request's method, which the policy may refuse to retry.
        var method: HTTPMethod
        /// The request has a fallback response to end with in place of a failure.
        var hasFallback: Bool
        /// How many redirects one attempt follows.
        var maxRedirects: Int = Redirection.maxRedirects
    }

    let configuration: Configuration
    /// The attempts made so far; the last is the current one.
    private(set) var attempts = 0
    /// The request has ended (the `complete` action was returned).
    private(set) var isFinished = false
    /// The current attempt has a hop in flight (it started and has not ended).
    private var inFlight = false
    /// The attempt asked for and not yet made.
    private var starting: Int?
    /// Redirects followed in the current attempt.
    private var redirects = 0
    private var armed: Set<RequestTimer> = []
    /// The attempts ended by their time limit, by a silent stream and by an event too long, so their cancellation is
    /// reported as that (0 for none).
    private var timedOutAttempt = 0
    private var idledOutAttempt = 0
    private var oversizedAttempt = 0
    /// The attempt whose response is streaming (its head was handed over); 0 for none.
    private var streamingAttempt = 0
    private var lastActivity: TimeInterval = 0

    init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Whether an event about `attempt` still matters: the request is not over and `attempt` is the one in flight.
    /// Every event naming an attempt passes this check first, so a late event from an earlier one is dropped.
    func isCurrent(_ attempt: Int) -> Bool {
        !isFinished && inFlight && attempt == attempts
    }

    /// The actions `event`, heard `now` seconds after the request started, calls for, in order.
    mutating func handle(_ event: Event, now: TimeInterval) -> [Action] {
        switch event {
        case .started:
            guard !isFinished, attempts == 0, starting == nil else { return [] }
            var actions: [Action] = []
            if let deadline = configuration.deadline { actions.append(arm(.deadline, at: deadline)) }
            starting = 1
            actions.append(.startAttempt(1))
            return actions
        case let .attemptStarted(attempt):
            guard !isFinished, starting == attempt else { return [] }
            starting = nil
            attempts = attempt
            inFlight = true
            redirects = 0
            var actions: [Action] = []
            let timeout = configuration.timeoutInterval
            // The timer bounds the whole attempt, every hop and the body included: no transport's own timeout is
            // relied on.
            if timeout.isFinite, timeout > 0 { actions.append(arm(.attemptTimeout(attempt: attempt), at: now + timeout)) }
            return actions + [.resume(attempt: attempt)]
        case let .attemptNotMade(attempt):
            guard !isFinished, starting == attempt else { return [] }
            starting = nil
            // The first attempt's request could not be built at all: that is the answer, fallback or not.
            return attempt == 1 ? finish(.failure(.notMade)) : fail(.notMade)
        case let .headReceived(attempt):
            guard isCurrent(attempt), timedOutAttempt != attempt else { return [] }
            streamingAttempt = attempt
            lastActivity = now
            // A stream lasts as long as the server sends: the time limit bounded the wait for the head, and only
            // silence ends it from here on.
            var actions = disarm(.attemptTimeout(attempt: attempt))
            if let idle = idleLimit { actions.append(arm(.idle(attempt: attempt), at: now + idle)) }
            return actions + [.deliverHead(attempt: attempt)]
        case let .partReceived(attempt):
            guard isCurrent(attempt), streamingAttempt == attempt else { return [] }
            lastActivity = now
            return [.deliverPart(attempt: attempt)]
        case let .eventTooLong(attempt):
            guard isCurrent(attempt), oversizedAttempt != attempt else { return [] }
            // The events before it were handed over; the rest of the stream is not read.
            oversizedAttempt = attempt
            return [.cancelExchange]
        case let .hopEnded(attempt, ending):
            guard isCurrent(attempt) else { return [] }
            return hopEnded(attempt, ending)
        case let .tokenRenewed(attempt, renewed):
            guard isCurrent(attempt) else { return [] }
            if timedOutAttempt == attempt { return [.endAttempt(attempt: attempt, error: URLError(.timedOut))] }
            // No token to be had: the 401 is the answer.
            return renewed ? [.replayHop(attempt: attempt)] : [.endAttempt(attempt: attempt, error: nil)]
        case let .attemptEnded(attempt, result):
            guard isCurrent(attempt) else { return [] }
            return attemptEnded(attempt, result, now: now)
        case let .timerFired(timer):
            armed.remove(timer)
            return timerFired(timer, now: now)
        case .cancelled:
            guard !isFinished else { return [] }
            return [.cancelExchange] + finish(.failure(.cancelled))
        }
    }

    private var idleLimit: TimeInterval? {
        guard let idle = configuration.streamIdleTimeout, idle > 0, idle.isFinite else { return nil }
        return idle
    }

    private mutating func hopEnded(_ attempt: Int, _ ending: Event.HopEnding) -> [Action] {
        switch ending {
        case .final:
            return [.endAttempt(attempt: attempt, error: nil)]
        case .redirect where redirects >= configuration.maxRedirects:
            return [.endAttempt(attempt: attempt, error: URLError(.httpTooManyRedirects))]
        case .digestChallenge, .oauthChallenge, .redirect:
            // The attempt's time ran out as this hop ended: there is no hop left in flight for the timer to cancel.
            if timedOutAttempt == attempt { return [.endAttempt(attempt: attempt, error: URLError(.timedOut))] }
            switch ending {
            case .digestChallenge: return [.replayHop(attempt: attempt)]
            case .oauthChallenge: return [.renewToken(attempt: attempt)]
            default:
                redirects += 1
                return [.followRedirect(attempt: attempt)]
            }
        }
    }

    private mutating func attemptEnded(_ attempt: Int, _ result: Event.AttemptResult, now: TimeInterval) -> [Action] {
        inFlight = false
        var actions = disarm(.attemptTimeout(attempt: attempt)) + disarm(.idle(attempt: attempt))
        // What was handed over cannot be taken back, so a stream that has started is never sent again.
        let policy = streamingAttempt == attempt ? nil : configuration.retryPolicy
        switch result {
        case var .failed(error):
            if timedOutAttempt == attempt, error.code == .cancelled { error = URLError(.timedOut) }
            if idledOutAttempt == attempt, error.code == .cancelled, let idle = configuration.streamIdleTimeout {
                error = URLError(.timedOut, detail: "nothing arrived for \(RequestError.seconds(idle)) (streamIdleTimeout)")
            }
            if oversizedAttempt == attempt, error.code == .cancelled {
                let limit = MeasurementText.byteCount(configuration.maxEventSize)
                error = URLError(.dataLengthExceedsMaximum, detail: "an event of the stream is longer than \(limit), the limit (maxEventSize)")
            }
            if let policy, policy.retryableURLErrorCodes.contains(error.code) {
                actions += retryOrFail(policy, attempt: attempt, retryAfter: nil, failure: .transport(error), accepted: false, now: now)
            } else {
                actions += fail(.transport(error))
            }
        case .missingResponse:
            actions += fail(.transport(URLError(.badServerResponse)))
        case let .response(statusCode, retryAfter, accepted):
            if let policy, policy.retryableStatusCodes.contains(statusCode) {
                actions += retryOrFail(policy, attempt: attempt, retryAfter: retryAfter, failure: .rejected, accepted: accepted, now: now)
            } else {
                actions += accepted ? finish(.response) : fail(.rejected)
            }
        }
        return actions
    }

    /// Retries when the policy allows another attempt in time; otherwise ends with the failure (or with the last
    /// response, when `accepted`: its status is one the configuration accepts).
    private mutating func retryOrFail(_ policy: RetryPolicy, attempt: Int, retryAfter: String?, failure: Action.Failure,
                                      accepted: Bool, now: TimeInterval) -> [Action] {
        guard attempt <= policy.maxRetries, policy.retryableMethods.contains(configuration.method) else {
            return accepted ? finish(.response) : fail(failure)
        }
        let delay = policy.delay(beforeRetry: attempt, retryAfter: retryAfter)
        if let deadline = configuration.deadline, deadline - now <= delay {
            return fail(.deadlineExceeded(attempts: attempt))
        }
        starting = attempt + 1
        return [arm(.retry(attempt: attempt + 1), at: now + delay)]
    }

    private mutating func timerFired(_ timer: RequestTimer, now: TimeInterval) -> [Action] {
        switch timer {
        case .deadline:
            guard !isFinished else { return [] }
            return fail(.deadlineExceeded(attempts: max(attempts, 1))) + [.cancelExchange]
        case let .attemptTimeout(attempt):
            guard isCurrent(attempt) else { return [] }
            timedOutAttempt = attempt
            return [.cancelExchange]
        case let .idle(attempt):
            guard isCurrent(attempt), streamingAttempt == attempt, let idle = idleLimit else { return [] }
            // One timer per silence rather than one per piece: a fast stream re-arms it only when it fires.
            guard now - lastActivity >= idle else { return [arm(.idle(attempt: attempt), at: lastActivity + idle)] }
            idledOutAttempt = attempt
            return [.cancelExchange]
        case let .retry(attempt):
            guard !isFinished, starting == attempt else { return [] }
            return [.startAttempt(attempt)]
        }
    }

    /// Ends with `failure`, or with the fallback in its place unless it is a cancellation.
    private mutating func fail(_ failure: Action.Failure) -> [Action] {
        if configuration.hasFallback, !failure.isCancellation { return finish(.fallback(after: failure)) }
        return finish(.failure(failure))
    }

    /// Ends the request once, with every timer still armed disarmed first.
    private mutating func finish(_ ending: Action.Ending) -> [Action] {
        guard !isFinished else { return [] }
        isFinished = true
        inFlight = false
        starting = nil
        let timers = armed.sorted { $0.order < $1.order }
        armed = []
        return timers.map { .cancelTimer($0) } + [.complete(ending)]
    }

    private mutating func arm(_ timer: RequestTimer, at time: TimeInterval) -> Action {
        armed.insert(timer)
        return .scheduleTimer(timer, at: time)
    }

    private mutating func disarm(_ timer: RequestTimer) -> [Action] {
        armed.remove(timer) == nil ? [] : [.cancelTimer(timer)]
    }
}

private extension RequestTimer {
    /// Puts timers disarmed together in a fixed order.
    var order: Int {
        switch self {
        case .retry: return 0
        case .deadline: return 1
        case .attemptTimeout: return 2
        case .idle: return 3
        }
    }
}
