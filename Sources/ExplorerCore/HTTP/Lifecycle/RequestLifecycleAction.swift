import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the request lifecycle asks its executor to do, in order.
enum RequestLifecycleAction: Equatable, Sendable {
    /// Why a request failed.
    enum Failure: Equatable, Sendable {
        /// The transport failed with this error (timeouts already told apart from cancellations).
        case transport(URLError)
        /// The last response was refused: its validation error, or its status.
        case rejected
        /// The overall deadline passed after `attempts` attempts.
        case deadlineExceeded(attempts: Int)
        /// The attempt could not be made (the executor holds the error).
        case notMade
        /// The caller cancelled.
        case cancelled

        /// Whether the failure is a cancellation, which no fallback answers.
        var isCancellation: Bool {
            switch self {
            case .cancelled: return true
            case let .transport(error): return error.code == .cancelled
            default: return false
            }
        }
    }

    /// How the request ends.
    enum Ending: Equatable, Sendable {
        /// With the last response received.
        case response
        /// With the failure.
        case failure(Failure)
        /// With the fallback response in place of the failure (the failure when the fallback does not pass).
        case fallback(after: Failure)
    }

    /// Make attempt `attempt` (build its request and its first hop) and report `attemptStarted` or `attemptNotMade`.
    case startAttempt(Int)
    /// Send the hop just made for attempt `attempt`.
    case resume(attempt: Int)
    /// Arm `timer` to fire `at` seconds after the request started.
    case scheduleTimer(RequestTimer, at: TimeInterval)
    /// Disarm `timer`.
    case cancelTimer(RequestTimer)
    /// Cancel the hop in flight.
    case cancelExchange
    /// Hand the streamed response's head over.
    case deliverHead(attempt: Int)
    /// Hand a piece of the streamed body over, with the events it completed.
    case deliverPart(attempt: Int)
    /// Send the hop again to answer its Digest challenge, or with a renewed OAuth token.
    case replayHop(attempt: Int)
    /// Ask the OAuth credential for a token in place of the one refused.
    case renewToken(attempt: Int)
    /// Send the next hop to where the redirect points.
    case followRedirect(attempt: Int)
    /// End the attempt with the hop's outcome, or with `error` in its place.
    case endAttempt(attempt: Int, error: URLError?)
    /// End the request.
    case complete(Ending)
}
