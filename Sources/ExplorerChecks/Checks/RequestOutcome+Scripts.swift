import ExplorerScripts
import ExplorerWorkspace
import Foundation

extension RequestOutcome {
    /// Adds what a request's scripts did: each `pm.test` as a check, a script that failed as a failed check naming
    /// it, and each variable they set (`pm.environment`, `pm.collectionVariables`) as a captured value, so later
    /// requests of the run or session use it and `--save-captures` keeps it; each one they unset is released.
    public mutating func add(_ result: ScriptResult, phase: ScriptPhase) {
        for test in result.tests {
            checks.append(CheckResult(check: CheckSpec(.scriptTest(test.name)), passed: test.passed, actual: test.passed ? "passed" : "failed",
                                      reason: test.passed ? nil : test.message ?? "failed"))
        }
        if let failure = result.failure {
            checks.append(CheckResult(check: CheckSpec(.scriptTest("\(phase.rawValue) script")), passed: false, actual: failure.kind.rawValue,
                                      reason: failure.description))
        }
        for scope in [result.collectionVariables, result.environment] {
            for (name, value) in scope.sorted(by: { $0.key < $1.key }) {
                captured.removeAll { $0.name == name }
                released.removeAll { $0 == name }
                guard let value else {
                    released.append(name)
                    continue
                }
                captured.append(CapturedValue(name: name, value: value, origin: "\(reference) \(phase.rawValue) script"))
            }
        }
    }
}
