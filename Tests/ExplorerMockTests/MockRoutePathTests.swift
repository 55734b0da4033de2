@testable import ExplorerMock
import ExplorerWorkspace
import Testing

/// Which path a request's URL routes by: below the environment's base URL, a leading variable taken as the base,
/// the environment's variables resolved and the rest left to match any segment.
@Suite("Mock routes from request URLs")
struct MockRoutePathTests {
    static let environment = EnvironmentSpec(name: "local", baseURL: "https://api.example/v1/",
                                             variables: [Variable(name: "tenant", value: "acme")])

    @Test(arguments: [
        ("/users/{{id}}", "/users/{{id}}"),
        ("users", "/users"),
        ("/{{tenant}}/orders?limit=5#top", "/acme/orders"),
        ("{{baseURL}}/search?q={{q}}", "/search"),
        ("{{host}}", "/"),
        ("https://api.example/v1/pets/{petId}", "/pets/{petId}"),
        ("https://api.example/v10/pets", "/v10/pets"),
        ("https://other.example/status", "/status"),
        ("http://{{host}}:8080/health", "/health"),
    ])
    func thePathBelowTheBaseURL(url: String, path: String) {
        #expect(MockRoutePath.path(of: url, environment: Self.environment) == path)
    }

    @Test func variablesOfEitherStyleTakeOneSegmentAndLiteralsAreDecoded() {
        #expect(MockRoutePath.segments(of: "/a%20b/{{id}}/{petId}/x") == [.literal("a b"), .variable("id"), .variable("petId"), .literal("x")])
        let table = MockRouteTable(routes: [
            MockRoute(method: "GET", path: "/a b/{{id}}", segments: MockRoutePath.segments(of: "/a%20b/{{id}}"), reference: "c/r", file: "", examples: []),
        ])
        #expect(table.route(method: "GET", path: "/a%20b/7")?.reference == "c/r")
        #expect(table.route(method: "GET", path: "/a%20b/7/")?.reference == "c/r", "a trailing slash is the same path")
        #expect(table.route(method: "POST", path: "/a%20b/7") == nil)
    }

    @Test func theQueryAndAnAbsoluteFormTargetTakeNoPartInMatching() {
        #expect(MockResponder.path(of: "/users/1?x=%2F&y") == "/users/1")
        #expect(MockResponder.path(of: "http://127.0.0.1:4010/users/1?x") == "/users/1")
        #expect(MockResponder.preferredExample("return=minimal, example=\"400 missing\"") == "400 missing")
        #expect(MockResponder.preferredExample("example=gone; wait=5") == "gone")
        #expect(MockResponder.preferredExample("respond-async") == nil)
    }
}
