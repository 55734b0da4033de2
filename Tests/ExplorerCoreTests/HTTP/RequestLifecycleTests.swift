import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import ExplorerCore

/// The request's decisions without sockets: each case feeds `RequestLifecycle` events in turn, as `RequestOperation`
/// would hear them, and names the actions each must call for. Each case stands for one rule, and fails without it.
@Suite("Sending: the request lifecycle's decisions")
struct RequestLifecycleTests {
    typealias Event = RequestLifecycleEvent
    typealias Action = RequestLifecycleAction

    /// One rule of the lifecycle, as a run of events under a configuration.
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        var configuration = RequestLifecycleTests.plain
        var steps: [Step]
        var testDescription: String { rule }
    }

    /// An event heard `at` seconds after the start, and the actions it must call for, in order.
    struct Step: Sendable {
        var event: Event
        var at: TimeInterval
        var actions: [Action]

        init(_ event: Event, at: TimeInterval = 0, _ actions: [Action] = []) {
            self.event = event
            self.at = at
            self.actions = actions
        }
    }

    @Test(arguments: cases)
    func eventsCallForTheirActions(_ example: Case) {
        var lifecycle = RequestLifecycle(configuration: example.configuration)
        for (index, step) in example.steps.enumerated() {
            let actions = lifecycle.handle(step.event, now: step.at)
            #expect(actions == step.actions, "step \(index + 1), \(step.event)")
        }
    }

    // A 10 s time limit per attempt, no deadline, no retries, no fallback.
    static let plain = RequestLifecycle.Configuration(deadline: nil, timeoutInterval: 10, streamIdleTimeout: nil, maxEventSize: 1024,
                                                      retryPolicy: nil, method: .get, hasFallback: false, maxRedirects: 2)

    static func with(_ change: (inout RequestLifecycle.Configuration) -> Void) -> RequestLifecycle.Configuration {
        var configuration = plain
        change(&configuration)
        return configuration
    }

    /// Two retries, 0.5 s then 1 s apart; connection failures and time-outs, 503 and 429 retried.
    static let retrying = with { $0.retryPolicy = RetryPolicy(maxRetries: 2, initialDelay: 0.5) }
    static let streaming = with { $0.streamIdleTimeout = 2 }
    static let refused = URLError(.cannotConnectToHost)
    static let cancelledError = URLError(.cancelled)

    /// Attempt 1 started (at 0, so its time limit falls at 10).
    static let firstAttempt: [Step] = [
        Step(.started, [.startAttempt(1)]),
        Step(.attemptStarted(attempt: 1), [.scheduleTimer(.attemptTimeout(attempt: 1), at: 10), .resume(attempt: 1)]),
    ]

    /// Attempt 1 refused at 1 and retried at 1.5 as attempt 2 (time limit at 11.5).
    static let retried: [Step] = firstAttempt + [
        Step(.hopEnded(attempt: 1, .final), at: 1, [.endAttempt(attempt: 1, error: nil)]),
        Step(.attemptEnded(attempt: 1, .failed(refused)), at: 1,
             [.cancelTimer(.attemptTimeout(attempt: 1)), .scheduleTimer(.retry(attempt: 2), at: 1.5)]),
        Step(.timerFired(.retry(attempt: 2)), at: 1.5, [.startAttempt(2)]),
        Step(.attemptStarted(attempt: 2), at: 1.5, [.scheduleTimer(.attemptTimeout(attempt: 2), at: 11.5), .resume(attempt: 2)]),
    ]

    /// Attempt 1's streamed head handed over at 1: the idle limit (2 s) replaces the time limit.
    static let streamed: [Step] = firstAttempt + [
        Step(.headReceived(attempt: 1), at: 1,
             [.cancelTimer(.attemptTimeout(attempt: 1)), .scheduleTimer(.idle(attempt: 1), at: 3), .deliverHead(attempt: 1)]),
    ]

    static func ended(_ attempt: Int, _ result: Event.AttemptResult, at: TimeInterval = 1, _ actions: [Action]) -> Step {
        Step(.attemptEnded(attempt: attempt, result), at: at, actions)
    }

    static func response(_ status: Int, accepted: Bool = true, retryAfter: String? = nil) -> Event.AttemptResult {
        .response(statusCode: status, retryAfter: retryAfter, accepted: accepted)
    }

    static let disarm1: Action = .cancelTimer(.attemptTimeout(attempt: 1))

    static let cases: [Case] = [
        Case(rule: "the first attempt starts at once and is sent with its time limit armed", steps: firstAttempt),
        Case(rule: "the overall deadline is armed when the request starts", configuration: with { $0.deadline = 5 }, steps: [
            Step(.started, [.scheduleTimer(.deadline, at: 5), .startAttempt(1)]),
        ]),
        Case(rule: "an attempt with no finite time limit arms no timer", configuration: with { $0.timeoutInterval = .infinity }, steps: [
            Step(.started, [.startAttempt(1)]),
            Step(.attemptStarted(attempt: 1), [.resume(attempt: 1)]),
        ]),
        Case(rule: "an accepted response ends the request and disarms the attempt's timer", steps: firstAttempt + [
            Step(.hopEnded(attempt: 1, .final), at: 1, [.endAttempt(attempt: 1, error: nil)]),
            ended(1, response(200), [disarm1, .complete(.response)]),
        ]),
        Case(rule: "a refused response fails the request", steps: firstAttempt + [
            ended(1, response(404, accepted: false), [disarm1, .complete(.failure(.rejected))]),
        ]),
        Case(rule: "a transport error that is not retried fails the request", configuration: retrying, steps: firstAttempt + [
            ended(1, .failed(URLError(.badURL)), [disarm1, .complete(.failure(.transport(URLError(.badURL))))]),
        ]),
        Case(rule: "an attempt that ends with no response fails with badServerResponse, not retried",
             configuration: with { $0.retryPolicy = RetryPolicy(retryableURLErrorCodes: [.badServerResponse]) }, steps: firstAttempt + [
                 ended(1, .missingResponse, [disarm1, .complete(.failure(.transport(URLError(.badServerResponse))))]),
             ]),
        Case(rule: "a retryable transport error is retried after the back-off", configuration: retrying, steps: retried),
        Case(rule: "events of an attempt that is over call for nothing", configuration: retrying, steps: retried + [
            Step(.hopEnded(attempt: 1, .final), at: 2),
            Step(.headReceived(attempt: 1), at: 2),
            Step(.partReceived(attempt: 1), at: 2),
            Step(.eventTooLong(attempt: 1), at: 2),
            Step(.tokenRenewed(attempt: 1, renewed: true), at: 2),
            ended(1, response(200), at: 2, []),
            Step(.timerFired(.attemptTimeout(attempt: 1)), at: 10),
            Step(.timerFired(.idle(attempt: 1)), at: 10),
            Step(.hopEnded(attempt: 2, .final), at: 3, [.endAttempt(attempt: 2, error: nil)]),
        ]),
        Case(rule: "events of an attempt not yet started call for nothing", configuration: retrying, steps: firstAttempt + [
            ended(1, .failed(refused), [disarm1, .scheduleTimer(.retry(attempt: 2), at: 1.5)]),
            Step(.hopEnded(attempt: 2, .final), at: 1.2),
            Step(.timerFired(.attemptTimeout(attempt: 1)), at: 1.2),
        ]),
        Case(rule: "retries stop after maxRetries", configuration: retrying, steps: retried + [
            ended(2, .failed(refused), at: 2, [.cancelTimer(.attemptTimeout(attempt: 2)), .scheduleTimer(.retry(attempt: 3), at: 3)]),
            Step(.timerFired(.retry(attempt: 3)), at: 3, [.startAttempt(3)]),
            Step(.attemptStarted(attempt: 3), at: 3, [.scheduleTimer(.attemptTimeout(attempt: 3), at: 13), .resume(attempt: 3)]),
            ended(3, .failed(refused), at: 4, [.cancelTimer(.attemptTimeout(attempt: 3)), .complete(.failure(.transport(refused)))]),
        ]),
        Case(rule: "a method that is not idempotent is not retried",
             configuration: with { $0.retryPolicy = RetryPolicy(); $0.method = .post }, steps: firstAttempt + [
                 ended(1, .failed(refused), [disarm1, .complete(.failure(.transport(refused)))]),
             ]),
        Case(rule: "a retryable status is retried after its Retry-After", configuration: retrying, steps: firstAttempt + [
            ended(1, response(503, accepted: false, retryAfter: "2"), [disarm1, .scheduleTimer(.retry(attempt: 2), at: 3)]),
        ]),
        Case(rule: "when retries run out, a retryable status the configuration accepts is the answer",
             configuration: with { $0.retryPolicy = RetryPolicy(maxRetries: 0) }, steps: firstAttempt + [
                 ended(1, response(503), [disarm1, .complete(.response)]),
             ]),
        Case(rule: "when retries run out, a retryable status refused fails the request",
             configuration: with { $0.retryPolicy = RetryPolicy(maxRetries: 0) }, steps: firstAttempt + [
                 ended(1, response(503, accepted: false), [disarm1, .complete(.failure(.rejected))]),
             ]),
        Case(rule: "a retry that could not start before the deadline fails with deadlineExceeded",
             configuration: with { $0.retryPolicy = RetryPolicy(initialDelay: 5); $0.deadline = 4 }, steps: [
                 Step(.started, [.scheduleTimer(.deadline, at: 4), .startAttempt(1)]),
                 Step(.attemptStarted(attempt: 1), [.scheduleTimer(.attemptTimeout(attempt: 1), at: 10), .resume(attempt: 1)]),
                 ended(1, .failed(refused), [disarm1, .cancelTimer(.deadline), .complete(.failure(.deadlineExceeded(attempts: 1)))]),
             ]),
        Case(rule: "the deadline ends the request and cancels the hop in flight", configuration: with { $0.deadline = 4 }, steps: [
            Step(.started, [.scheduleTimer(.deadline, at: 4), .startAttempt(1)]),
            Step(.attemptStarted(attempt: 1), [.scheduleTimer(.attemptTimeout(attempt: 1), at: 10), .resume(attempt: 1)]),
            Step(.timerFired(.deadline), at: 4, [disarm1, .complete(.failure(.deadlineExceeded(attempts: 1))), .cancelExchange]),
            ended(1, .failed(cancelledError), at: 4, []),
        ]),
        Case(rule: "the deadline during a back-off stops the retry",
             configuration: with { $0.retryPolicy = RetryPolicy(initialDelay: 3); $0.deadline = 5 }, steps: [
                 Step(.started, [.scheduleTimer(.deadline, at: 5), .startAttempt(1)]),
                 Step(.attemptStarted(attempt: 1), [.scheduleTimer(.attemptTimeout(attempt: 1), at: 10), .resume(attempt: 1)]),
                 ended(1, .failed(refused), [disarm1, .scheduleTimer(.retry(attempt: 2), at: 4)]),
                 Step(.timerFired(.deadline), at: 3.9,
                      [.cancelTimer(.retry(attempt: 2)), .complete(.failure(.deadlineExceeded(attempts: 1))), .cancelExchange]),
                 Step(.timerFired(.retry(attempt: 2)), at: 4),
             ]),
        Case(rule: "the time limit cancels the hop, and the cancellation is reported as a timeout", steps: firstAttempt + [
            Step(.timerFired(.attemptTimeout(attempt: 1)), at: 10, [.cancelExchange]),
            ended(1, .failed(cancelledError), at: 10, [.complete(.failure(.transport(URLError(.timedOut))))]),
        ]),
        Case(rule: "an attempt that timed out is retried", configuration: retrying, steps: firstAttempt + [
            Step(.timerFired(.attemptTimeout(attempt: 1)), at: 10, [.cancelExchange]),
            ended(1, .failed(cancelledError), at: 10, [.scheduleTimer(.retry(attempt: 2), at: 10.5)]),
        ]),
        Case(rule: "a streamed head trades the time limit for the idle limit", configuration: streaming, steps: streamed),
        Case(rule: "a head that arrives after the time limit is not handed over", configuration: streaming, steps: firstAttempt + [
            Step(.timerFired(.attemptTimeout(attempt: 1)), at: 10, [.cancelExchange]),
            Step(.headReceived(attempt: 1), at: 10),
        ]),
        Case(rule: "pieces of a response that does not stream are not handed over", configuration: streaming, steps: firstAttempt + [
            Step(.partReceived(attempt: 1), at: 1),
        ]),
        Case(rule: "the idle timer re-arms from the last piece and ends a silent stream as a timeout", configuration: streaming,
             steps: streamed + [
                 Step(.partReceived(attempt: 1), at: 2.5, [.deliverPart(attempt: 1)]),
                 Step(.timerFired(.idle(attempt: 1)), at: 3, [.scheduleTimer(.idle(attempt: 1), at: 4.5)]),
                 Step(.timerFired(.idle(attempt: 1)), at: 4.5, [.cancelExchange]),
                 ended(1, .failed(cancelledError), at: 4.5, [.complete(.failure(.transport(
                     URLError(.timedOut, detail: "nothing arrived for 2.0 s (streamIdleTimeout)"))))]),
             ]),
        Case(rule: "a stream that has started is never sent again", configuration: with { $0.retryPolicy = RetryPolicy() },
             steps: firstAttempt + [
                 Step(.headReceived(attempt: 1), at: 1, [disarm1, .deliverHead(attempt: 1)]),
                 ended(1, .failed(URLError(.networkConnectionLost)), at: 2,
                       [.complete(.failure(.transport(URLError(.networkConnectionLost))))]),
             ]),
        Case(rule: "an event too long cancels the stream once, and is reported as such", configuration: streaming, steps: streamed + [
            Step(.eventTooLong(attempt: 1), at: 2, [.cancelExchange]),
            Step(.eventTooLong(attempt: 1), at: 2),
            ended(1, .failed(cancelledError), at: 2, [.cancelTimer(.idle(attempt: 1)), .complete(.failure(.transport(
                URLError(.dataLengthExceedsMaximum, detail: "an event of the stream is longer than 1.0 KB, the limit (maxEventSize)"))))]),
        ]),
        Case(rule: "a Digest challenge is answered by sending the hop again", steps: firstAttempt + [
            Step(.hopEnded(attempt: 1, .digestChallenge), at: 1, [.replayHop(attempt: 1)]),
        ]),
        Case(rule: "a challenge heard after the time limit ends the attempt with a timeout", steps: firstAttempt + [
            Step(.timerFired(.attemptTimeout(attempt: 1)), at: 10, [.cancelExchange]),
            Step(.hopEnded(attempt: 1, .digestChallenge), at: 10, [.endAttempt(attempt: 1, error: URLError(.timedOut))]),
        ]),
        Case(rule: "a refused OAuth token is renewed and the hop sent again", steps: firstAttempt + [
            Step(.hopEnded(attempt: 1, .oauthChallenge), at: 1, [.renewToken(attempt: 1)]),
            Step(.tokenRenewed(attempt: 1, renewed: true), at: 2, [.replayHop(attempt: 1)]),
        ]),
        Case(rule: "when no token can be had, the 401 is the answer", steps: firstAttempt + [
            Step(.hopEnded(attempt: 1, .oauthChallenge), at: 1, [.renewToken(attempt: 1)]),
            Step(.tokenRenewed(attempt: 1, renewed: false), at: 2, [.endAttempt(attempt: 1, error: nil)]),
        ]),
        Case(rule: "a token renewed after the time limit ends the attempt with a timeout", steps: firstAttempt + [
            Step(.hopEnded(attempt: 1, .oauthChallenge), at: 1, [.renewToken(attempt: 1)]),
            Step(.timerFired(.attemptTimeout(attempt: 1)), at: 10, [.cancelExchange]),
            Step(.tokenRenewed(attempt: 1, renewed: true), at: 11, [.endAttempt(attempt: 1, error: URLError(.timedOut))]),
        ]),
        Case(rule: "a token renewed after the request was cancelled calls for nothing", steps: firstAttempt + [
            Step(.hopEnded(attempt: 1, .oauthChallenge), at: 1, [.renewToken(attempt: 1)]),
            Step(.cancelled, at: 1, [.cancelExchange, disarm1, .complete(.failure(.cancelled))]),
            Step(.tokenRenewed(attempt: 1, renewed: true), at: 2),
        ]),
        Case(rule: "redirects are followed up to the limit", steps: firstAttempt + [
            Step(.hopEnded(attempt: 1, .redirect), at: 1, [.followRedirect(attempt: 1)]),
            Step(.hopEnded(attempt: 1, .redirect), at: 1, [.followRedirect(attempt: 1)]),
            Step(.hopEnded(attempt: 1, .redirect), at: 1, [.endAttempt(attempt: 1, error: URLError(.httpTooManyRedirects))]),
        ]),
        Case(rule: "each attempt may follow its own redirects", configuration: with { $0.retryPolicy = RetryPolicy(initialDelay: 0.5); $0.maxRedirects = 1 },
             steps: firstAttempt + [
                 Step(.hopEnded(attempt: 1, .redirect), at: 1, [.followRedirect(attempt: 1)]),
                 ended(1, .failed(refused), [disarm1, .scheduleTimer(.retry(attempt: 2), at: 1.5)]),
                 Step(.timerFired(.retry(attempt: 2)), at: 1.5, [.startAttempt(2)]),
                 Step(.attemptStarted(attempt: 2), at: 1.5, [.scheduleTimer(.attemptTimeout(attempt: 2), at: 11.5), .resume(attempt: 2)]),
                 Step(.hopEnded(attempt: 2, .redirect), at: 2, [.followRedirect(attempt: 2)]),
             ]),
        Case(rule: "a redirect heard after the time limit ends the attempt with a timeout", steps: firstAttempt + [
            Step(.timerFired(.attemptTimeout(attempt: 1)), at: 10, [.cancelExchange]),
            Step(.hopEnded(attempt: 1, .redirect), at: 10, [.endAttempt(attempt: 1, error: URLError(.timedOut))]),
        ]),
        Case(rule: "a failure with a fallback ends with the fallback", configuration: with { $0.hasFallback = true }, steps: firstAttempt + [
            ended(1, .failed(refused), [disarm1, .complete(.fallback(after: .transport(refused)))]),
        ]),
        Case(rule: "a cancellation is never answered by the fallback", configuration: with { $0.hasFallback = true }, steps: firstAttempt + [
            ended(1, .failed(cancelledError), [disarm1, .complete(.failure(.transport(cancelledError)))]),
        ]),
        Case(rule: "cancelling cancels the hop, disarms every timer and ends the request once",
             configuration: with { $0.deadline = 30; $0.hasFallback = true }, steps: [
                 Step(.started, [.scheduleTimer(.deadline, at: 30), .startAttempt(1)]),
                 Step(.attemptStarted(attempt: 1), [.scheduleTimer(.attemptTimeout(attempt: 1), at: 10), .resume(attempt: 1)]),
                 Step(.cancelled, at: 1, [.cancelExchange, .cancelTimer(.deadline), disarm1, .complete(.failure(.cancelled))]),
                 Step(.cancelled, at: 1),
                 ended(1, .failed(cancelledError), []),
                 Step(.timerFired(.deadline), at: 30),
             ]),
        Case(rule: "a request cancelled before it starts sends nothing", steps: [
            Step(.cancelled, [.cancelExchange, .complete(.failure(.cancelled))]),
            Step(.started),
        ]),
        Case(rule: "an attempt made after the request was cancelled is not sent", steps: [
            Step(.started, [.startAttempt(1)]),
            Step(.cancelled, [.cancelExchange, .complete(.failure(.cancelled))]),
            Step(.attemptStarted(attempt: 1)),
        ]),
        Case(rule: "a retry due after the request was cancelled starts nothing", configuration: retrying, steps: firstAttempt + [
            ended(1, .failed(refused), [disarm1, .scheduleTimer(.retry(attempt: 2), at: 1.5)]),
            Step(.cancelled, at: 1.2, [.cancelExchange, .cancelTimer(.retry(attempt: 2)), .complete(.failure(.cancelled))]),
            Step(.timerFired(.retry(attempt: 2)), at: 1.5),
        ]),
        Case(rule: "a first attempt that cannot be made is the answer, fallback or not", configuration: with { $0.hasFallback = true }, steps: [
            Step(.started, [.startAttempt(1)]),
            Step(.attemptNotMade(attempt: 1), [.complete(.failure(.notMade))]),
        ]),
        Case(rule: "a retry that cannot be made falls back",
             configuration: with { $0.retryPolicy = RetryPolicy(initialDelay: 0.5); $0.hasFallback = true }, steps: firstAttempt + [
                 ended(1, .failed(refused), [disarm1, .scheduleTimer(.retry(attempt: 2), at: 1.5)]),
                 Step(.timerFired(.retry(attempt: 2)), at: 1.5, [.startAttempt(2)]),
                 Step(.attemptNotMade(attempt: 2), at: 1.5, [.complete(.fallback(after: .notMade))]),
             ]),
    ]
}
