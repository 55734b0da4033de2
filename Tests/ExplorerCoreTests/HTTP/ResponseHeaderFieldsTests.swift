import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerChecks

/// A response's head as it came on the wire: repeated headers as separate fields in wire order.
@Suite("Response headers keep wire order and repeats")
struct ResponseHeaderFieldsTests {
    static let server = Result { try FaultServer(routes: [
        "/login": .respond(status: 200, headers: [
            "X-Zeta: last-in-the-alphabet", "Set-Cookie: session=abc; Path=/; HttpOnly", "Content-Type: text/plain",
            "set-cookie: theme=dark; Path=/", "X-Alpha: first-in-the-alphabet", "Set-Cookie: lang=en; Path=/; Secure",
        ], body: "in"),
        // FoundationNetworking keeps one value per name as written, so `set-cookie` and `Set-Cookie` would lose one.
        "/cookies": .respond(status: 200, headers: [
            "Set-Cookie: session=abc; Path=/; HttpOnly", "Set-Cookie: theme=dark; Path=/", "Set-Cookie: lang=en; Path=/; Secure",
        ], body: "in"),
    ]) }

    func send(_ path: String, over transport: TransportKind) async throws -> Request.Response {
        try await Request(.get, url: try ResponseHeaderFieldsTests.server.get().url(path), session: ExplorerSession.make())
            .configured { $0.cookieJar = CookieJar() }.over(transport).send()
    }

    @Test func repeatedHeadersAreSeparateFieldsInWireOrderOverSwiftNIO() async throws {
        let response = try await send("/login", over: .swiftNIO)
        // The loopback server writes Content-Length and Connection before the route's own headers.
        #expect(response.headers.fields.map(\.description) == [
            "Content-Length: 2", "Connection: close", "X-Zeta: last-in-the-alphabet", "Set-Cookie: session=abc; Path=/; HttpOnly",
            "Content-Type: text/plain", "set-cookie: theme=dark; Path=/", "X-Alpha: first-in-the-alphabet",
            "Set-Cookie: lang=en; Path=/; Secure",
        ])
        #expect(response.headers.count == 8)
        #expect(response.headers.values(for: "SET-COOKIE") == ["session=abc; Path=/; HttpOnly", "theme=dark; Path=/", "lang=en; Path=/; Secure"])
        // Look-up by name still works for callers that want one value.
        #expect(response.headers["content-type"] == "text/plain")
        #expect(CheckedResponse(response).values(of: "Set-Cookie").count == 3)
    }

    @Test(arguments: TransportKind.allCases)
    func theCookiesSaySecureAndHttpOnly(transport: TransportKind) async throws {
        let response = try await send("/cookies", over: transport)
        let byName = Dictionary(uniqueKeysWithValues: response.setCookies.map { ($0.name, $0) })
        #expect(byName["session"]?.isHTTPOnly == true && byName["session"]?.isSecure == false)
        #expect(byName["lang"]?.isSecure == true && byName["lang"]?.isHTTPOnly == false)
        #expect(byName["theme"]?.value == "dark")
    }
}
