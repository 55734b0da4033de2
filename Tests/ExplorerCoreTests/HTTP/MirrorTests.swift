import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Mirrors never walk URLSession internals")
struct MirrorTests {
    @Test func requestMirrorShowsValuesWithSecretsMasked() throws {
        let request = Request(.post, url: try #require(URL(string: "http://h/p?api_key=abc")), body: .text("x"))
            .withAuthentication(.bearer(token: "t0ken"))
        let children = Mirror(reflecting: request).children.map { "\($0.label ?? ""): \($0.value)" }
        #expect(children == ["method: POST", "url: http://h/p?api_key=••••••",
                             "headers: [\"Authorization: Bearer ••••••\", \"Content-Type: text/plain; charset=utf-8\"]",
                             "body: text/plain; charset=utf-8"])
    }

    @Test func aTransportErrorCanBeDumpedWhileURLSessionMovesOn() async throws {
        let request = Request(.get, url: ClosedPort.url())
        do {
            _ = try await request.send()
            Issue.record("a closed port must refuse")
        } catch {
            #expect(Mirror(reflecting: error).children.map(\.label) == ["request", "description"])
            var text = ""
            dump(error, to: &text)
            #expect(text.contains("Connection refused"))
            #expect(!text.contains("URLSession"))
        }
    }
}
