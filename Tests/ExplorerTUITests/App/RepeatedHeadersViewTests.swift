import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import ExplorerTUI

@Suite("The response pane shows repeated headers apart and the cookies' flags")
struct RepeatedHeadersViewTests {
    /// A response as the transport hands it over: repeated `Set-Cookie` fields apart, in wire order, gzip decoded.
    func response() throws -> Request.Response {
        let url = try #require(URL(string: "http://api.test/login"))
        let http = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:]))
        var response = Request.Response(request: Request(.get, url: url), urlResponse: http, data: Data(repeating: 0x61, count: 124),
                                        headers: [Header("Set-Cookie", "session=abc; Path=/; HttpOnly"), Header("X-Zeta", "z"),
                                                  Header("Content-Type", "text/plain"), Header("Set-Cookie", "theme=dark; Path=/; Secure")])
        response.setCookies = [
            CookieRecord(name: "session", value: "abc", domain: "api.test", path: "/", expires: nil, isSecure: false, isHTTPOnly: true),
            CookieRecord(name: "theme", value: "dark", domain: "api.test", path: "/", expires: nil, isSecure: true),
        ]
        return response
    }

    @Test func repeatedHeadersAreRowsOfTheirOwnInWireOrderAndCounted() throws {
        var model = Fixtures.focusedOnResponse(ResponseSummary(try response()))
        Fixtures.press([.character("]")], &model)
        #expect(model.responseView.tab == .headers)
        let screen = ExplorerView.render(model).lines
        #expect(screen.contains { $0.contains("Headers (4)") }, "\(screen)")
        let rows = ["session=abc; Path=/; HttpOnly", "X-Zeta", "text/plain", "theme=dark; Path=/; Secure"].map { text in
            screen.firstIndex { $0.contains(text) }
        }
        #expect(rows.allSatisfy { $0 != nil } && rows == rows.sorted { ($0 ?? 0) < ($1 ?? 0) }, "one row each, in wire order: \(screen)")
        #expect(screen.filter { $0.contains("Set-Cookie") }.count == 2, "\(screen)")
    }

    @Test func theCookiesTabShowsSecureAndHttpOnly() throws {
        var model = Fixtures.focusedOnResponse(ResponseSummary(try response()))
        Fixtures.press([.character("]"), .character("]"), .character("]")], &model)
        #expect(model.responseView.tab == .cookies)
        let cookies = ExplorerView.render(model).lines
        #expect(cookies.contains { $0.contains("Flags") }, "\(cookies)")
        #expect(cookies.contains { $0.contains("session") && $0.contains("HttpOnly") && !$0.contains("Secure") }, "\(cookies)")
        #expect(cookies.contains { $0.contains("theme") && $0.contains("Secure") && !$0.contains("HttpOnly") }, "\(cookies)")
    }
}
