import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import ExplorerTUI

@Suite("The response's status line gives a compressed body's size on the wire")
struct WireSizeViewTests {
    @Test func theStatusLineShowsTheSizeOnTheWire() throws {
        let url = try #require(URL(string: "http://api.test/gzip"))
        let http = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                                headerFields: ["Content-Encoding": "gzip", "Content-Type": "text/plain"]))
        var response = Request.Response(request: Request(.get, url: url), urlResponse: http, data: Data(repeating: 0x61, count: 124))
        response.wireByteCount = 114
        let screen = ExplorerView.render(Fixtures.focusedOnResponse(ResponseSummary(response))).lines
        #expect(screen.contains { $0.contains("124 B (114 B on the wire)") }, "\(screen)")
        // What else is said about the size shares the parentheses, first, so a narrow pane cuts the wire size before it.
        var paged = ResponseSummary(response)
        paged.isBodyOnDisk = true
        #expect(ExplorerView.render(Fixtures.focusedOnResponse(paged)).lines.contains { $0.contains("124 B (paged from a temporary file, 114 B on the wire)") })
        // Without compression the size is the size.
        let plain = Fixtures.focusedOnResponse(Fixtures.summary("plain", contentType: "text/plain"))
        #expect(ExplorerView.render(plain).lines.contains { $0.contains("  5 B") && !$0.contains("on the wire") })
    }
}
