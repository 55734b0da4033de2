import ExplorerCore
import ExplorerLoad
import ExplorerWorkspace
import Foundation
import Testing

/// Which requests a load test sends straight on SwiftNIO, and the bytes it sends.
@Suite("Load: the wire form of a fixed request")
struct WireRequestTests {
    private func request(_ url: String, method: HTTPMethod = .get, body: RequestBody? = nil, auth: Authentication? = nil) throws -> Request {
        var request = Request(method, url: try #require(URL(string: url)), headers: ["Accept": "application/json"], body: body)
        request.authentication = auth
        return request
    }

    @Test func aPlainRequestWithStatusChecksIsSentAsIs() throws {
        let wire = try #require(WireRequest(try request("http://127.0.0.1:8080/users?id=1", method: .post, body: .text("hi"), auth: .bearer(token: "t")),
                                            checks: [CheckSpec(.status(.code(201))), CheckSpec(.status(.statusClass(2)))], environment: [:]))
        #expect(wire.host == "127.0.0.1" && wire.port == 8080 && wire.head.uri == "/users?id=1" && wire.head.method == .POST)
        #expect(wire.head.headers["Host"] == ["127.0.0.1:8080"] && wire.head.headers["Content-Length"] == ["2"])
        #expect(wire.head.headers["Authorization"] == ["Bearer t"] && wire.head.headers["Accept"] == ["application/json"])
        #expect(wire.head.headers["User-Agent"].first?.hasPrefix("apiexplorer/") == true)
        #expect(wire.body?.readableBytes == 2)
    }

    @Test func whatTheWireCannotSayGoesThroughTheTransport() throws {
        #expect(WireRequest(try request("https://example.test/"), checks: [], environment: [:]) == nil, "https")
        #expect(WireRequest(try request("http://127.0.0.1/"), checks: [CheckSpec(.jsonPath("$.id", .exists(true)))], environment: [:]) == nil, "a body check")
        #expect(WireRequest(try request("http://127.0.0.1/", auth: .digest(username: "a", password: "b")), checks: [], environment: [:]) == nil, "digest")
        #expect(WireRequest(try request("http://127.0.0.1/"), checks: [], environment: ["HTTP_PROXY": "http://proxy:3128"]) == nil, "a proxy")
        #expect(WireRequest(try request("http://127.0.0.1/"), checks: [], environment: [:]) != nil)
    }
}
