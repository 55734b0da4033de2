import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the request lifecycle hears from the executor: the transport, the timers and the caller. An event about an
/// attempt names it, so one from an attempt that is over calls for nothing.
enum RequestLifecycleEvent: Equatable, Sendable {
    /// How a hop ended, as the executor read its outcome.
    enum HopEnding: Equatable, Sendable {
        /// A response, or a failure, that ends the attempt unless the lifecycle says otherwise.
        case final
        /// A Digest challenge the credentials can answer by sending the hop again.
        case digestChallenge
        /// A 401 refusing the OAuth token, which may be renewed and the hop sent again.
        case oauthChallenge
        /// A redirect the configuration follows.
        case redirect
    }

    /// What an attempt ended with.
    enum AttemptResult: Equatable, Sendable {
        /// The transport failed (or the exchange was cancelled).
        case failed(URLError)
        /// A response with this status; `accepted` when the status check and every validator passed it.
        case response(statusCode: Int, retryAfter: String?, accepted: Bool)
        /// The transport ended without an error and without a response.
        case missingResponse
    }

    /// The request is to be sent.
    case started
    /// Attempt `attempt`'s first hop is made and ready to be sent.
    case attemptStarted(attempt: Int)
    /// Attempt `attempt` could not be made: its request could not be built, or the transport refused it.
    case attemptNotMade(attempt: Int)
    /// The head of a response that streams arrived.
    case headReceived(attempt: Int)
    /// A piece of a streamed body arrived.
    case partReceived(attempt: Int)
    /// An event of the streamed body went over `maxEventSize`.
    case eventTooLong(attempt: Int)
    /// A hop of attempt `attempt` ended.
    case hopEnded(attempt: Int, HopEnding)
    /// The OAuth token refused in attempt `attempt` was renewed, or could not be.
    case tokenRenewed(attempt: Int, renewed: Bool)
    /// Attempt `attempt` ended.
    case attemptEnded(attempt: Int, AttemptResult)
    /// A timer armed by the lifecycle fired.
    case timerFired(RequestTimer)
    /// The caller cancelled the request.
    case cancelled
}
