import ExplorerCore
import Foundation

extension RunReport {
    /// The report as JSON: the totals and every request with its checks and captures (secret values masked).
    public var json: Data {
        let requests: [[String: Any]] = outcomes.map { outcome in
            var entry: [String: Any] = [
                "reference": outcome.reference, "name": outcome.name, "iteration": outcome.iteration,
                "passed": outcome.passed, "durationMs": Int((outcome.duration * 1000).rounded()),
                "checks": outcome.checks.map { result -> [String: Any] in
                    var check: [String: Any] = ["check": result.check.summary, "passed": result.passed, "actual": result.actual,
                                                "location": result.check.location.description]
                    if let reason = result.reason { check["reason"] = reason }
                    return check
                },
                "captures": outcome.captured.map { ["name": $0.name, "value": $0.secret ? SecretMasker.mask : $0.value, "from": $0.origin, "secret": $0.secret] },
            ]
            if let status = outcome.status { entry["status"] = status }
            if let status = outcome.grpcStatus { entry["grpcStatus"] = status }
            if let error = outcome.error { entry["error"] = error }
            return entry
        }
        var summary: [String: Any] = ["requests": outcomes.count, "sent": sent, "notSent": notSent, "checksPassed": passedChecks,
                                      "checksFailed": failedChecks, "durationSeconds": duration, "exitCode": Int(exitCode),
                                      "startedAt": ISO8601DateFormatter().string(from: startedAt)]
        if let environment { summary["environment"] = environment }
        if interrupted { summary["interrupted"] = true }
        let object: [String: Any] = ["summary": summary, "requests": requests]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data("{}".utf8)
    }
}
