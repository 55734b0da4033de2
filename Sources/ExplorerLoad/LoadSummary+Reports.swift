import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

extension LoadSummary {
    /// The JSON report: `requests`, `rate`, `errors`, `checks`, `latency.{total,connect,tls,firstByte}.{p50,p90,p99,p999,max,mean}`
    /// (ms) and `thresholds`.
    public func json(name: String) -> String {
        func stats(_ stats: LatencyStats) -> JSONValue {
            func ms(_ value: Double) -> JSONValue { .number((value * 1000).rounded() / 1000) }
            return .object(["p50": ms(stats.p50), "p90": ms(stats.p90), "p99": ms(stats.p99), "p999": ms(stats.p999),
                     "max": ms(stats.max), "mean": ms(stats.mean), "count": .integer(Int64(stats.count))])
        }
        var byKind: [String: JSONValue] = [:]
        for (kind, count) in errors { byKind[kind.rawValue] = .integer(Int64(count)) }
        let document: JSONValue = .object([
            "name": .string(name),
            "requests": .integer(Int64(requests)),
            "duration": .number(elapsed),
            "rate": .number(rate),
            "stopped": .bool(wasStopped),
            "errors": .object(["total": .integer(Int64(errorCount)), "byKind": .object(byKind)]),
            "checks": .object(["passed": .integer(Int64(checksPassed)), "failed": .integer(Int64(checksFailed))]),
            "latency": .object(["total": stats(latency.total), "connect": stats(latency.connect), "tls": stats(latency.tls),
                                "firstByte": stats(latency.firstByte)]),
            "thresholds": .array(thresholds.map { threshold, held in
                .object(["expression": .string(threshold.description), "held": .bool(held),
                         "value": threshold.measured(in: self).map(JSONValue.number) ?? .null])
            }),
        ])
        return document.compactText + "\n"
    }

    /// The JUnit report: one test case per threshold (a failure when it did not hold), or one for the test when it had none.
    public func junit(name: String) -> String {
        let cases = thresholds.isEmpty ? [(name: "load", failure: nil as String?)]
            : thresholds.map { threshold, held in
                (name: threshold.description, failure: held ? nil : "measured \(threshold.measured(in: self).map { String(format: "%.3f", $0) } ?? "nothing")")
            }
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let failures = cases.filter { $0.failure != nil }.count
        xml += #"<testsuites name="apiexplorer load" tests="\#(cases.count)" failures="\#(failures)" time="\#(RunReport.seconds(elapsed))">"# + "\n"
        xml += #"  <testsuite name="\#(RunReport.xml(name))" tests="\#(cases.count)" failures="\#(failures)" time="\#(RunReport.seconds(elapsed))">"# + "\n"
        for testCase in cases {
            xml += #"    <testcase classname="\#(RunReport.xml(name))" name="\#(RunReport.xml(testCase.name))" time="\#(RunReport.seconds(elapsed))""#
            if let failure = testCase.failure {
                xml += ">\n" + #"      <failure message="\#(RunReport.xml(failure))"/>"# + "\n    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }
}
