import ExplorerCore
import ExplorerMock
import ExplorerWorkspace
import Foundation
import Testing
import TestSupport

/// The mock server on 127.0.0.1 (port 0), answering a collection loaded from disk: saved examples exactly, both
/// styles of path variables, literal routes over templated ones, the 404 listing, 501 without an example, a preferred
/// example, latency and failure rates.
@Suite("apiexplorer mock's server (issue 45)")
struct MockServerTests {
    static let files = [
        "collection.yaml": """
            name: Shop
            environments:
              - name: local
                baseURL: https://shop.example/api
                variables:
                  - name: version
                    value: v2
            """,
        "get-user.yaml": """
            name: Get user
            url: /{{version}}/users/{{id}}?verbose=true
            examples:
              - name: found
                status: 200
                headers:
                  Content-Type: application/json; charset=utf-8
                  X-Request-Id: abc-123
                body: |
                  {"id": 42, "name": "Ada"}
              - name: gone
                status: 410
                body: gone
            """,
        "me.yaml": """
            name: Me
            url: /{{version}}/users/me
            examples:
              - status: 200
                body:
                  me: true
            """,
        "order-item.yaml": """
            name: Order item
            method: DELETE
            url: https://shop.example/api/orders/{orderId}/items/{itemId}
            examples:
              - status: 204
            """,
        "search.yaml": """
            name: Search
            url: "{{baseURL}}/search"
            """,
    ]

    func started(_ settings: MockSettings = MockSettings(), log: @escaping @Sendable (MockServedRequest) -> Void = { _ in })
        async throws -> (MockServer, MockRouteTable, TempDirectory) {
        let temp = try TempDirectory()
        for (name, text) in Self.files { try temp.write("shop/" + name, text) }
        let result = CollectionLoader(environment: [:]).load(directory: temp.path)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collections.first)
        let table = MockRouteTable(collection: collection, environment: collection.defaultEnvironment)
        let server = try await MockServer.start(MockResponder(table: table, settings: settings), port: 0, log: log)
        return (server, table, temp)
    }

    @Test func routesArePathsBelowTheBaseURLWithTheEnvironmentsVariablesResolved() async throws {
        let (server, table, _) = try await started()
        defer { Task { try? await server.stop() } }
        #expect(table.routes.map { "\($0.method) \($0.path)" }.sorted()
            == ["DELETE /orders/{orderId}/items/{itemId}", "GET /search", "GET /v2/users/me", "GET /v2/users/{{id}}"])
        #expect(server.port > 0 && server.url == "http://127.0.0.1:\(server.port)")
    }

    @Test func aSavedExampleIsAnsweredExactlyWhateverTheQuery() async throws {
        let (server, _, _) = try await started()
        defer { Task { try? await server.stop() } }
        let reply = try await MockHTTP.get(server.url + "/v2/users/42?verbose=false&x=1")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
        #expect(reply.headers["x-request-id"] == "abc-123")
        #expect(reply.headers["content-length"] == "26")
        #expect(reply.body == "{\"id\": 42, \"name\": \"Ada\"}\n")
    }

    @Test func preferPicksAnExampleByName() async throws {
        let (server, _, _) = try await started()
        defer { Task { try? await server.stop() } }
        let reply = try await MockHTTP.get(server.url + "/v2/users/7", headers: ["Prefer": "example=gone"])
        #expect(reply.status == 410 && reply.body == "gone" && reply.headers["preference-applied"] == "example=gone")
        #expect(reply.headers["content-type"] == "text/plain; charset=utf-8")
    }

    @Test func bothStylesOfPathVariablesMatchOneSegment() async throws {
        let (server, _, _) = try await started()
        defer { Task { try? await server.stop() } }
        #expect(try await MockHTTP.get(server.url + "/orders/A-1/items/9", method: "DELETE").status == 204)
        #expect(try await MockHTTP.get(server.url + "/orders/A-1/items/9/extra", method: "DELETE").status == 404)
        #expect(try await MockHTTP.get(server.url + "/orders/A-1/items/9").status == 404, "the method takes part")
    }

    @Test func aLiteralRouteWinsOverATemplatedOneInEitherOrder() async throws {
        let (server, table, _) = try await started()
        defer { Task { try? await server.stop() } }
        let reply = try await MockHTTP.get(server.url + "/v2/users/me")
        #expect(reply.status == 200 && reply.body == "{\n  \"me\": true\n}" && reply.headers["content-type"] == "application/json")
        let reversed = MockRouteTable(routes: table.routes.reversed())
        #expect(reversed.route(method: "GET", path: "/v2/users/me")?.path == "/v2/users/me")
        #expect(MockRouteTable(routes: table.routes).route(method: "GET", path: "/v2/users/me")?.path == "/v2/users/me")
        #expect(reversed.route(method: "GET", path: "/v2/users/mine")?.path == "/v2/users/{{id}}")
    }

    @Test func anUnknownRouteAnswers404WithTheRoutes() async throws {
        let (server, _, _) = try await started()
        defer { Task { try? await server.stop() } }
        let reply = try await MockHTTP.get(server.url + "/nope?q=1")
        #expect(reply.status == 404 && reply.headers["content-type"] == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
        #expect(json["error"] as? String == "no route for GET /nope")
        let routes = try #require(json["routes"] as? [[String: String]])
        #expect(routes.count == 4)
        #expect(routes.contains { $0["method"] == "GET" && $0["path"] == "/v2/users/{{id}}" && $0["request"] == "shop/get-user" })
    }

    @Test func aRouteWithoutAnExampleAnswers501SayingHowToAddOne() async throws {
        let (server, _, temp) = try await started()
        defer { Task { try? await server.stop() } }
        let reply = try await MockHTTP.get(server.url + "/search")
        #expect(reply.status == 501)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: String])
        #expect(json["error"] == "GET /search (shop/search) has no saved example")
        #expect(json["hint"]?.contains("examples: in \(temp.path)/shop/search.yaml") == true, "\(json)")
    }

    @Test func latencyDelaysEveryAnswer() async throws {
        let (server, _, _) = try await started(MockSettings(latencyMilliseconds: 300))
        defer { Task { try? await server.stop() } }
        let reply = try await MockHTTP.get(server.url + "/v2/users/1")
        #expect(reply.status == 200 && reply.seconds >= 0.3, "\(reply.seconds)")
        #expect(MockSettings.milliseconds("50ms") == 50 && MockSettings.milliseconds("1.5s") == 1500 && MockSettings.milliseconds("250") == 250)
        #expect(MockSettings.milliseconds("soon") == nil && MockSettings.milliseconds("-1ms") == nil)
    }

    @Test func aFailRateOfOneFailsEveryRequestAndZeroNone() async throws {
        let (failing, _, _) = try await started(MockSettings(failRate: 1))
        defer { Task { try? await failing.stop() } }
        for _ in 0..<5 {
            let reply = try await MockHTTP.get(failing.url + "/v2/users/1")
            #expect(reply.status == 500 && reply.body.contains("\"error\": \"failure injected by --fail-rate 1.0\""), "\(reply.body)")
        }
        let (fine, _, _) = try await started(MockSettings(failRate: 0))
        defer { Task { try? await fine.stop() } }
        for _ in 0..<5 { #expect(try await MockHTTP.get(fine.url + "/v2/users/1").status == 200) }
    }

    @Test func eachRequestServedIsLogged() async throws {
        let lines = LogLines()
        let (server, _, _) = try await started { lines.append($0.line) }
        defer { Task { try? await server.stop() } }
        _ = try await MockHTTP.get(server.url + "/v2/users/5?a=b")
        _ = try await MockHTTP.get(server.url + "/missing")
        // The line is written just after the answer, so the client may see the answer first.
        for _ in 0..<100 where lines.all.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        let logged = lines.all
        #expect(logged.count == 2)
        #expect(logged.first?.hasPrefix("GET /v2/users/5?a=b → 200  GET /v2/users/{{id}} (shop/get-user)  ") == true, "\(logged)")
        #expect(logged.first?.hasSuffix(" ms") == true)
        #expect(logged.last?.hasPrefix("GET /missing → 404  no route  ") == true, "\(logged)")
    }
}
