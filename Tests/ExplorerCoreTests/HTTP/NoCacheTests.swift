import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

/// An explorer shows what the server sends: sessions made by `ExplorerSession` keep no URL cache.
@Suite("ExplorerSession does not answer from a cache")
struct NoCacheTests {
    @Test func aCacheableResponseIsFetchedAgainEveryTime() async throws {
        let server = try FaultServer(routes: [
            "/cacheable": .respond(status: 200, headers: ["Content-Type: text/plain", "Cache-Control: public, max-age=3600"], body: "fresh"),
        ])
        defer { server.stop() }
        let session = ExplorerSession.make()
        #expect(session.configuration.urlCache == nil && session.configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
        let request = Request(.get, url: server.url("/cacheable"), session: session)
        for _ in 0..<3 {
            let response = try await request.send()
            #expect(response.text == "fresh")
        }
        #expect(server.requests(to: "/cacheable").count == 3, "every send reached the server")
    }
}
