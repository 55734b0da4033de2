import ExplorerWorkspace
import Foundation

/// The results of `apiexplorer run`: every request's outcome in the order they finished, and the totals that decide
/// the exit code.
public struct RunReport: Sendable {
    /// The outcomes.
    public var outcomes: [RequestOutcome]
    /// The environment the run used, if any.
    public var environment: String?
    /// Seconds the whole run took.
    public var duration: Double
    /// When the run started.
    public var startedAt: Date

    /// Creates a report.
    public init(outcomes: [RequestOutcome], environment: String?, duration: Double, startedAt: Date = Date()) {
        self.outcomes = outcomes
        self.environment = environment
        self.duration = duration
        self.startedAt = startedAt
    }

    /// Requests that got a response.
    public var sent: Int { outcomes.filter { $0.error == nil }.count }
    /// Requests that could not be sent.
    public var notSent: Int { outcomes.count - sent }
    /// Checks that passed.
    public var passedChecks: Int { outcomes.reduce(0) { $0 + $1.checks.filter(\.passed).count } }
    /// Checks that failed.
    public var failedChecks: Int { outcomes.reduce(0) { $0 + $1.failedChecks } }

    /// True when the run was stopped (Ctrl-C) before every request was reported.
    public var interrupted = false

    /// 0 when every check passed, 1 when a check failed, 2 when a request could not be sent, 130 when interrupted
    /// (what the process exits with, so a report read later says the same).
    public var exit: CommandExit {
        if interrupted { return .interrupted }
        if notSent > 0 { return .trouble }
        return failedChecks > 0 ? .failed : .success
    }

    /// `exit` as the number the process exits with.
    public var exitCode: Int32 { exit.code }

    /// The closing line: `12 requests: 11 sent, 1 not sent · checks: 30 passed, 2 failed · 0.41 s`.
    public var totalsLine: String {
        "\(outcomes.count) request\(outcomes.count == 1 ? "" : "s"): \(sent) sent, \(notSent) not sent · checks: \(passedChecks) passed, \(failedChecks) failed · \(String(format: "%.2f", duration)) s"
    }
}
