import ExplorerCore
import Foundation
import Testing
@testable import ExplorerTUI

@Suite("The Trace and Cookies tabs and the protocol in the status line")
struct TraceTabTests {
    func tracedSummary() -> ResponseSummary {
        var summary = Fixtures.summary(#"{"a":1}"#)
        summary.protocolText = "HTTP/2 · TLSv1.3"
        summary.trace = ["protocol     HTTP/2", "tls          TLSv1.3", "certificate  CN=api.test",
                         "response     200 GET https://api.test/a", "             first byte 12 ms  download 1 ms  total 13 ms"]
        return summary
    }

    @Test func theTraceTabIsOfferedWhenTheTransportReportedOne() {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, tracedSummary()))
        let screen = ExplorerView.render(model).lines
        #expect(screen.contains { $0.contains("200 OK") && $0.contains("HTTP/2 · TLSv1.3") }, "\(screen)")
        #expect(screen.contains { $0.contains("Trace") })
        Fixtures.press([.backTab], &model)
        Fixtures.press([.character("]"), .character("]"), .character("]")], &model)
        #expect(model.responseView.tab == .trace)
        let trace = ExplorerView.render(model).lines
        #expect(trace.contains { $0.contains("certificate  CN=api.test") }, "\(trace)")
        #expect(trace.contains { $0.contains("first byte 12 ms") })
        Fixtures.press([.character("]")], &model)
        #expect(model.responseView.tab == .body)
    }

    @Test func withoutATraceOnlyBodyHeadersAndChecksAreOffered() {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, Fixtures.summary(#"{"a":1}"#)))
        Fixtures.press([.backTab], &model)
        Fixtures.press([.character("]"), .character("]"), .character("]")], &model)
        #expect(model.responseView.tab == .body)
        #expect(!ExplorerView.render(model).lines.contains { $0.contains("Trace") })
    }

    @Test func theCookiesTabListsWhatTheResponseSet() {
        var summary = Fixtures.summary(#"{"a":1}"#)
        summary.cookies = [CookieRecord(name: "session", value: "abc123", domain: "api.test", path: "/", expires: nil, isSecure: false)]
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, summary))
        #expect(ExplorerView.render(model).lines.contains { $0.contains("Cookies (1)") })
        Fixtures.press([.backTab], &model)
        Fixtures.press([.character("]"), .character("]"), .character("]")], &model)
        #expect(model.responseView.tab == .cookies)
        let screen = ExplorerView.render(model).lines
        #expect(screen.contains { $0.contains("session") && $0.contains("abc123") && $0.contains("api.test/") && $0.contains("session") }, "\(screen)")
    }
}
