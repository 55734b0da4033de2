import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import ExplorerTUI

/// Issue 40, item 8: the explorer shows the headers a request went out with, those added as it was sent included.
@Suite("The Trace tab lists the request headers as sent")
struct SentHeadersTraceTests {
    @Test func credentialsAddedAtSendTimeAreListedRedacted() throws {
        let url = try #require(URL(string: "http://api.test/me"))
        let http = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/plain"]))
        let request = Request(.get, url: url, headers: ["X-Trace": "1"])
        var response = Request.Response(request: request, urlResponse: http, data: Data("ok".utf8))
        response.sentHeaders = [Header("X-Trace", "1"), Header("Authorization", "Bearer tok-from-the-token-endpoint"),
                                Header("User-Agent", "apiexplorer/1")]
        var model = Fixtures.focusedOnResponse(ResponseSummary(response))
        model.responseView.tab = .trace
        let lines = ExplorerView.render(model).lines
        #expect(lines.contains { $0.contains("sent         X-Trace: 1") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("Authorization: Bearer ••••••") })
        #expect(lines.contains { $0.contains("User-Agent: apiexplorer/1") })
        #expect(!lines.contains { $0.contains("tok-from-the-token-endpoint") })
    }
}
