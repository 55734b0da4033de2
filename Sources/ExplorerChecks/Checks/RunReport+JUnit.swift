import Foundation

extension RunReport {
    /// The report as JUnit XML: one test suite per collection, one test case per check named `REQUEST › check` (with
    /// `#N` after the request for a repetition) and a `<failure>` when it failed, so a CI dashboard names the check.
    /// A request that could not be sent is a case named after it with an `<error>`; one without checks a case for its
    /// status.
    public var junitXML: String {
        var suites: [(String, [RequestOutcome])] = []
        for outcome in outcomes {
            let collection = outcome.reference.split(separator: "/").first.map(String.init) ?? outcome.reference
            if let index = suites.firstIndex(where: { $0.0 == collection }) { suites[index].1.append(outcome) } else { suites.append((collection, [outcome])) }
        }
        let timestamp = ISO8601DateFormatter().string(from: startedAt)
        var suiteLines: [String] = []
        var total = (tests: 0, failures: 0, errors: 0)
        for (collection, members) in suites {
            let name = environment.map { "\(collection) (\($0))" } ?? collection
            var caseLines: [String] = []
            var count = (tests: 0, failures: 0, errors: 0)
            for outcome in members {
                let parts = outcome.reference.split(separator: "/").map(String.init)
                let classname = RunReport.xml(parts.dropLast().joined(separator: "."))
                let request = (parts.last ?? outcome.reference) + (outcome.iteration > 1 ? " #\(outcome.iteration)" : "")
                // The request's time goes on its first case only, so a suite's time is the sum of its requests'.
                var time = outcome.duration
                func testcase(_ name: String, _ content: String) {
                    caseLines.append("    <testcase classname=\"\(classname)\" name=\"\(RunReport.xml(name))\" time=\"\(RunReport.seconds(time))\">")
                    caseLines.append("      " + content)
                    caseLines.append("    </testcase>")
                    count.tests += 1
                    time = 0
                }
                if let error = outcome.error {
                    testcase(request, "<error type=\"not sent\" message=\"\(RunReport.xml(error))\"></error>")
                    count.errors += 1
                } else if outcome.checks.isEmpty {
                    let status = outcome.grpcStatus.map { "gRPC status \($0)" } ?? "status \(outcome.status.map(String.init) ?? "none")"
                    testcase(request, "<system-out>\(RunReport.xml(status))</system-out>")
                }
                for result in outcome.checks {
                    let summary = result.check.summary
                    if result.passed {
                        testcase(request + " › " + summary, "<system-out>\(RunReport.xml("actual: \(result.actual)"))</system-out>")
                    } else {
                        let reason = result.reason ?? "failed"
                        let detail = "\(result.check.location): \(summary): \(reason) (actual: \(result.actual))"
                        testcase(request + " › " + summary,
                                 "<failure type=\"check\" message=\"\(RunReport.xml(reason))\">\(RunReport.xml(detail))</failure>")
                        count.failures += 1
                    }
                }
            }
            let time = members.reduce(0) { $0 + $1.duration }
            suiteLines.append("  <testsuite name=\"\(RunReport.xml(name))\" tests=\"\(count.tests)\" failures=\"\(count.failures)\" errors=\"\(count.errors)\" time=\"\(RunReport.seconds(time))\" timestamp=\"\(timestamp)\">")
            suiteLines += caseLines
            suiteLines.append("  </testsuite>")
            total = (total.tests + count.tests, total.failures + count.failures, total.errors + count.errors)
        }
        let lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"apiexplorer run\" tests=\"\(total.tests)\" failures=\"\(total.failures)\" errors=\"\(total.errors)\" time=\"\(RunReport.seconds(duration))\">"]
            + suiteLines + ["</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    package static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Text escaped for XML content and attributes; characters XML 1.0 cannot hold become U+FFFD.
    package static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
