/// A timer the request lifecycle arms; the attempt it belongs to is part of it, so a timer of an earlier attempt that
/// fires late is told apart from the current one.
enum RequestTimer: Hashable, Sendable {
    /// The overall deadline (`RequestConfiguration.deadline`), from the start of the request.
    case deadline
    /// Attempt `attempt`'s time limit (`timeoutInterval`), until its response head streams or it ends.
    case attemptTimeout(attempt: Int)
    /// The silence allowed in attempt `attempt`'s streamed response (`streamIdleTimeout`).
    case idle(attempt: Int)
    /// The back-off before attempt `attempt`.
    case retry(attempt: Int)
}
