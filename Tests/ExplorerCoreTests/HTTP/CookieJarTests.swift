import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Cookies: Set-Cookie is kept in the jar and sent back to the same site")
struct CookieJarTests {
    func send(_ url: URL, jar: CookieJar?, over transport: TransportKind) async throws -> Request.Response {
        try await Request(.get, url: url, session: ExplorerSession.make()).configured { $0.cookieJar = jar }.over(transport).send()
    }

    @Test(arguments: TransportKind.allCases)
    func aCookieSetByOneResponseIsSentOnLaterRequestsUnderItsPath(transport: TransportKind) async throws {
        let server = try FaultServer(routes: [
            "/login": .respond(status: 200, headers: ["Set-Cookie: session=abc; Path=/", "Set-Cookie: theme=dark; Path=/app",
                                                      "Set-Cookie: secret=1; Path=/; Secure"], body: "in"),
            "/me": .respond(status: 200, headers: [], body: "me"), "/app/x": .respond(status: 200, headers: [], body: "x"),
        ])
        defer { server.stop() }
        let jar = CookieJar()
        let login = try await send(server.url("/login"), jar: jar, over: transport)
        #expect(Set(login.setCookies.map(\.name)) == ["session", "theme", "secret"])
        _ = try await send(server.url("/me"), jar: jar, over: transport)
        _ = try await send(server.url("/app/x"), jar: jar, over: transport)
        #expect(server.requests(to: "/me").last?.headers["cookie"] == "session=abc", "a Secure cookie is not sent over http")
        let app = try #require(server.requests(to: "/app/x").last?.headers["cookie"])
        #expect(Set(app.components(separatedBy: "; ")) == ["session=abc", "theme=dark"])
    }

    @Test(arguments: TransportKind.allCases)
    func aCookieSetOnARedirectReachesTheNextHopAndExpiryRemovesIt(transport: TransportKind) async throws {
        let server = try FaultServer(routes: [
            "/start": .respond(status: 302, headers: ["Location: /landing", "Set-Cookie: hop=1; Path=/"], body: ""),
            "/landing": .respond(status: 200, headers: [], body: "landed"),
            "/logout": .respond(status: 200, headers: ["Set-Cookie: hop=gone; Path=/; Max-Age=0"], body: "out"),
        ])
        defer { server.stop() }
        let jar = CookieJar()
        let response = try await send(server.url("/start"), jar: jar, over: transport)
        #expect(response.text == "landed" && response.hops.first?.setCookies.map(\.name) == ["hop"])
        #expect(server.requests(to: "/landing").last?.headers["cookie"] == "hop=1")
        _ = try await send(server.url("/logout"), jar: jar, over: transport)
        #expect(jar.cookies.isEmpty)
        _ = try await send(server.url("/landing"), jar: jar, over: transport)
        #expect(server.requests(to: "/landing").last?.headers["cookie"] == nil)
    }

    @Test func withoutAJarNoCookieIsKept() async throws {
        let server = try FaultServer(routes: [
            "/login": .respond(status: 200, headers: ["Set-Cookie: session=abc; Path=/"], body: "in"),
            "/me": .respond(status: 200, headers: [], body: "me"),
        ])
        defer { server.stop() }
        _ = try await send(server.url("/login"), jar: nil, over: .swiftNIO)
        _ = try await send(server.url("/me"), jar: nil, over: .swiftNIO)
        #expect(server.requests(to: "/me").last?.headers["cookie"] == nil)
    }

    @Test func eachCollectionAndEnvironmentHasItsOwnJarForItsOwner() {
        let jars = CookieJars()
        #expect(jars.jar(for: "/c#local") === jars.jar(for: "/c#local"))
        #expect(jars.jar(for: "/c#local") !== jars.jar(for: "/c#staging"))
        // Another owner (another send context) has jars of its own.
        #expect(CookieJars().jar(for: "/c#local") !== jars.jar(for: "/c#local"))
    }
}
