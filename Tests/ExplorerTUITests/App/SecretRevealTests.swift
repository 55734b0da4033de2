import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import ExplorerTUI

/// Issue 26, item 12: R shows the secrets masked in the live response (a token the request captured as secret), with a
/// warning, and hides them again; copies and the JSONPath filter made while hidden stay masked, and a new response
/// starts hidden.
@Suite("R reveals the secrets masked in the live response")
struct SecretRevealTests {
    static let secret = "tok-abc-123456"

    func response() throws -> Request.Response {
        let url = try #require(URL(string: "http://api.test/login"))
        let http = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                                headerFields: ["Content-Type": "application/json", "X-Token": Self.secret]))
        let body = #"{"token": "\#(Self.secret)", "user": "ada"}"#
        return Request.Response(request: Request(.post, url: url), urlResponse: http, data: Data(body.utf8))
    }

    func summary() throws -> ResponseSummary {
        ResponseSummary(try response(), masker: SecretMasker(secrets: [Self.secret]))
    }

    func screen(_ model: ExplorerModel) -> String {
        ExplorerView.render(model).lines.joined(separator: "\n")
    }

    @Test func rShowsAndHidesTheSecretsOfTheLiveResponseOnly() throws {
        var model = Fixtures.model(width: 110, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, try summary()))
        Fixtures.press([.backTab], &model)
        let hidden = screen(model)
        #expect(hidden.contains(SecretMasker.mask) && !hidden.contains(Self.secret), "\(hidden)")
        // A copy made while hidden is masked.
        let copies = Fixtures.press([.character("y")], &model)
        #expect(copies.contains { if case let .copy(text, _) = $0 { !text.contains(Self.secret) && text.contains(SecretMasker.mask) } else { false } })

        Fixtures.press([.character("R")], &model)
        let shown = screen(model)
        #expect(shown.contains(#""token": "\#(Self.secret)""#), "\(shown)")
        #expect(shown.contains("⚠ secrets shown (R hides)"))
        #expect(model.status?.contains("Secrets shown") == true)
        Fixtures.press([.character("]")], &model)
        #expect(screen(model).contains(Self.secret), "the Headers tab shows X-Token as sent")
        Fixtures.press([.character("["), .character("R")], &model)
        let again = screen(model)
        #expect(!again.contains(Self.secret) && !again.contains("secrets shown"), "\(again)")

        // A new response starts hidden.
        Fixtures.press([.character("R")], &model)
        #expect(screen(model).contains(Self.secret))
        Fixtures.press([.control("j")], &model)
        guard case let .sending(id, _) = model.responseView.state else {
            Issue.record("Ctrl-J did not send")
            return
        }
        _ = model.update(.responseReceived(id: id, try summary()))
        #expect(!screen(model).contains(Self.secret))
    }

    @Test func theJSONPathFilterIsMaskedWhileTheSecretsAreHidden() throws {
        var model = Fixtures.model(width: 110, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, try summary()))
        Fixtures.press([.backTab, .character("f")], &model)
        let effects = Fixtures.press(Fixtures.typing(".token") + [.enter], &model)
        let ids = effects.compactMap { effect -> Int? in if case let .filterBody(id, _, _) = effect { id } else { nil } }
        let id = try #require(ids.last)
        _ = model.update(.bodyFiltered(id: id, result: .success(FilteredBody(data: Data(#"["\#(Self.secret)"]"#.utf8), count: 1))))
        let filtered = screen(model)
        #expect(filtered.contains("[filter $.token: 1]") && !filtered.contains(Self.secret), "\(filtered)")
        Fixtures.press([.character("R")], &model)
        #expect(screen(model).contains(Self.secret))
        Fixtures.press([.character("R")], &model)
        #expect(!screen(model).contains(Self.secret))
    }

    @Test func aResponseWithNothingMaskedHasNothingToReveal() throws {
        var model = Fixtures.model(width: 110, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, ResponseSummary(try response(), masker: SecretMasker(secrets: ["not-in-it"]))))
        Fixtures.press([.backTab, .character("R")], &model)
        #expect(model.status == "Nothing is masked in this response.")
        #expect(!screen(model).contains("secrets shown"))
    }
}
