import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Credentials are not replayed to another origin on a redirect")
struct RedirectCredentialTests {
    func sendWithCredentials(to url: URL, over transport: TransportKind) async throws -> Request.Response {
        try await Request(.get, url: url)
            .settingHeader("Authorization", "Bearer secret-bearer")
            .settingHeader("Cookie", "session=secret-cookie")
            .settingHeader("X-API-Key", "secret-api-key")
            .settingHeader("X-Trace", "kept")
            .over(transport)
            .send()
    }

    @Test(arguments: TransportKind.allCases) func aRedirectToAnotherPortDropsAuthorizationCookieAndAPIKey(transport: TransportKind) async throws {
        let target = try FaultServer(routes: ["/landing": .respond(status: 200, headers: [], body: "landed")])
        let origin = try FaultServer(routes: ["/start": .redirect(to: target.url("/landing").absoluteString)])
        defer { target.stop(); origin.stop() }
        let response = try await sendWithCredentials(to: origin.url("/start"), over: transport)
        #expect(response.text == "landed" && response.wasRedirected)
        let first = try #require(origin.requests(to: "/start").first)
        #expect(first.headers["authorization"] == "Bearer secret-bearer" && first.headers["x-api-key"] == "secret-api-key")
        let landed = try #require(target.requests(to: "/landing").first)
        #expect(landed.headers["x-trace"] == "kept")
        #expect(landed.headers["authorization"] == nil)
        #expect(landed.headers["cookie"] == nil)
        #expect(landed.headers["x-api-key"] == nil)
    }

    @Test(arguments: TransportKind.allCases) func aRedirectWithinTheSameOriginKeepsThem(transport: TransportKind) async throws {
        let server = try FaultServer(routes: [
            "/start": .redirect(to: "/landing"), "/landing": .respond(status: 200, headers: [], body: "landed"),
        ])
        defer { server.stop() }
        let response = try await sendWithCredentials(to: server.url("/start"), over: transport)
        #expect(response.text == "landed")
        let landed = try #require(server.requests(to: "/landing").first)
        #expect(landed.headers["authorization"] == "Bearer secret-bearer")
        #expect(landed.headers["x-api-key"] == "secret-api-key")
    }

    @Test func originsDifferByHostPortAndScheme() throws {
        let base = try #require(URL(string: "http://127.0.0.1:8080/a"))
        #expect(Redirection.sameOrigin(base, try #require(URL(string: "http://127.0.0.1:8080/b"))))
        #expect(!Redirection.sameOrigin(base, try #require(URL(string: "http://127.0.0.1:8081/a"))))
        #expect(!Redirection.sameOrigin(base, try #require(URL(string: "https://127.0.0.1:8080/a"))))
        #expect(!Redirection.sameOrigin(base, try #require(URL(string: "http://localhost:8080/a"))))
    }
}
