import Foundation

extension RunReport {
    /// The report as JUnit XML: one test suite per collection, one test case per request (per repetition), a
    /// `<failure>` listing its failed checks, an `<error>` when it could not be sent.
    public var junitXML: String {
        var suites: [(String, [RequestOutcome])] = []
        for outcome in outcomes {
            let collection = outcome.reference.split(separator: "/").first.map(String.init) ?? outcome.reference
            if let index = suites.firstIndex(where: { $0.0 == collection }) { suites[index].1.append(outcome) } else { suites.append((collection, [outcome])) }
        }
        let timestamp = ISO8601DateFormatter().string(from: startedAt)
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"apiexplorer run\" tests=\"\(outcomes.count)\" failures=\"\(outcomes.filter { $0.error == nil && !$0.passed }.count)\" errors=\"\(notSent)\" time=\"\(RunReport.seconds(duration))\">"]
        for (collection, members) in suites {
            let name = environment.map { "\(collection) (\($0))" } ?? collection
            let failures = members.filter { $0.error == nil && !$0.passed }.count
            let errors = members.filter { $0.error != nil }.count
            let time = members.reduce(0) { $0 + $1.duration }
            lines.append("  <testsuite name=\"\(RunReport.xml(name))\" tests=\"\(members.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(RunReport.seconds(time))\" timestamp=\"\(timestamp)\">")
            for outcome in members {
                let parts = outcome.reference.split(separator: "/").map(String.init)
                let classname = parts.dropLast().joined(separator: ".")
                let testName = (parts.last ?? outcome.reference) + (outcome.iteration > 1 ? " #\(outcome.iteration)" : "")
                lines.append("    <testcase classname=\"\(RunReport.xml(classname))\" name=\"\(RunReport.xml(testName))\" time=\"\(RunReport.seconds(outcome.duration))\">")
                if let error = outcome.error {
                    lines.append("      <error type=\"not sent\" message=\"\(RunReport.xml(error))\"></error>")
                } else if !outcome.passed {
                    let failed = outcome.checks.filter { !$0.passed }
                    let message = failed.map { "\($0.check.summary): \($0.reason ?? "failed")" }.joined(separator: "; ")
                    let body = failed.map { "\($0.check.location): \($0.check.summary): \($0.reason ?? "failed") (actual: \($0.actual))" }.joined(separator: "\n")
                    lines.append("      <failure type=\"check\" message=\"\(RunReport.xml(message))\">\(RunReport.xml(body))</failure>")
                }
                let passed = outcome.checks.filter(\.passed).map { "PASS \($0.check.summary) (actual: \($0.actual))" }
                if !passed.isEmpty { lines.append("      <system-out>\(RunReport.xml(passed.joined(separator: "\n")))</system-out>") }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Text escaped for XML content and attributes; characters XML 1.0 cannot hold become U+FFFD.
    static func xml(_ text: String) -> String {
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
