@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("The summary `run` prints: every request, or the failures and the totals")
struct RunReportTextTests {
    /// `passed` requests that passed (1 ms, 2 ms…), a failed check and a request that could not be sent.
    func report(passed: Int) -> RunReport {
        var outcomes = (1...passed).map { index in
            RequestOutcome(reference: "R/ok", name: "ok", iteration: index, status: 200, duration: Double(index) / 1000,
                           checks: [CheckResult(check: CheckSpec(.status(.code(200))), passed: true, actual: "200")])
        }
        outcomes.append(RequestOutcome(reference: "R/bad", name: "bad", status: 500, duration: 0.003,
                                       checks: [CheckResult(check: CheckSpec(.status(.code(200))), passed: false, actual: "500", reason: "expected 200")]))
        outcomes.append(RequestOutcome(reference: "R/gone", name: "gone", error: "could not be sent: refused"))
        return RunReport(outcomes: outcomes, environment: "local", duration: 0.25)
    }

    @Test func aShortRunOnATerminalOrAVerboseOneListsEveryRequest() {
        let few = report(passed: 3)
        #expect(few.listsEveryRequest(verbose: false, onTerminal: true))
        #expect(!few.listsEveryRequest(verbose: false, onTerminal: false), "a pipe gets the failures and the totals")
        #expect(few.listsEveryRequest(verbose: true, onTerminal: false))
        let many = report(passed: RunReport.listedOnTerminal)
        #expect(!many.listsEveryRequest(verbose: false, onTerminal: true), "more rows than a screen holds")
        #expect(many.listsEveryRequest(verbose: true, onTerminal: true))
    }

    @Test func theShortFormKeepsTheFailuresAndSaysHowTheRestWent() {
        let text = report(passed: 4).text(listingEveryRequest: false)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(text)")
        #expect(lines[0].hasPrefix("FAIL  R/bad") && lines[1].contains("✗ status 200: expected 200 (actual: 500)"), "\(text)")
        #expect(lines[2].hasPrefix("ERROR R/gone") && lines[3] == "      could not be sent: refused", "\(text)")
        #expect(lines[4] == "PASS  4 requests, median 2.5 ms, slowest 4.0 ms (--verbose lists each)", "\(text)")
        #expect(lines[5] == "6 requests: 5 sent, 1 not sent · checks: 4 passed, 1 failed · 0.25 s")
        #expect(!text.contains("R/ok"))
    }

    @Test func theFullFormIsTheTableTheReportsKeep() {
        let report = report(passed: 2)
        #expect(report.text == report.text(listingEveryRequest: true))
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("PASS  R/ok ") == true && lines[1].hasPrefix("PASS  R/ok #2"), "\(report.text)")
        #expect(!report.text.contains("--verbose"))
    }
}
