/// The codes apiexplorer's commands end with, by name: the README's "Exit codes" table lists which command uses which.
public enum CommandExit: Sendable, Equatable {
    /// 0: done (sent, every check passed, the same, written).
    case success
    /// 1: the answer is no or the input is wrong: a check failed (`run`), the responses differ, a collection error or an
    /// unknown reference, a collection not trusted, nothing matched.
    case failed
    /// 2: it could not be done: a transport failure, an unresolved variable, a request not sent, a config that is not
    /// YAML, a collection that exists already (`import`).
    case trouble
    /// 3: a file could not be written (`import`, `history export`).
    case notWritten
    /// 3, 4 or 5: `send --check-status` got a response with this status (its hundreds digit).
    case httpStatus(Int)
    /// 5: `send` got its response and one of the request's checks failed.
    case checksFailed
    /// 64: the command line was wrong (the argument parser's code).
    case usage
    /// 130: interrupted with Ctrl-C, as a shell reports SIGINT.
    case interrupted

    /// The number the process exits with.
    public var code: Int32 {
        switch self {
        case .success: 0
        case .failed: 1
        case .trouble: 2
        case .notWritten: 3
        case let .httpStatus(status): Int32(clamping: status / 100)
        case .checksFailed: 5
        case .usage: 64
        case .interrupted: 130
        }
    }
}
