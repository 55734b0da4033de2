import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Fluent builder")
struct RequestBuilderTests {
    @Test func buildsTheRequestLazily() async throws {
        let server = try await TestServer.shared()
        let evaluations = CallCounter()
        let builder = RequestBuilder(baseURL: server.baseURL)
            .path("echo", "items")
            .method(.post)
            .query("page", 2)
            .query("skip", Optional<String>.none)
            .headers {
                evaluations.increment()
                Header("X-Built", "\(evaluations.value)")
                if evaluations.value > 1 { Header("X-Again", "yes") }
            }
            .body { .json(["name": "Ada"]) }
            .retry(RetryPolicy(maxRetries: 1))
            .deadline(10)
        #expect(evaluations.value == 0)
        let request = builder.build()
        #expect(evaluations.value == 1)
        #expect(request.httpMethod == .post && request.url?.absoluteString == "\(server.baseURL.absoluteString)/echo/items?page=2")
        #expect(request.configuration.retryPolicy?.maxRetries == 1 && request.configuration.deadline == 10)
        let echo: EchoReply = try await builder.send()
        #expect(evaluations.value == 2)
        #expect(echo.header("X-Built") == "2" && echo.header("X-Again") == "yes")
        #expect(echo.body == "{\"name\":\"Ada\"}" && echo.method == "POST")
    }

    @Test func startsBelowAComponent() {
        let request = RequestBuilder(parent: Shop.Catalog.self).path("x").build()
        #expect(request.url?.path == "/echo/catalog/x")
        #expect(request.headers["X-Level"] == "catalog")
    }
}
