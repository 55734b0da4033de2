import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

/// The Capture view (B): what `apiexplorer proxy` recorded, read again every second while open, and `s` saving an
/// exchange as a request in the folder at the tree's cursor, its credentials as variables.
@Suite("The explorer's Capture view")
struct CaptureViewTests {
    static let now = HistoryPanelTests.now

    static func entry(_ id: Int64, path: String) -> HistoryEntry {
        HistoryEntry(id: id, sentAt: now.addingTimeInterval(-5), reference: nil, environment: nil, method: "GET",
                     url: "http://127.0.0.1:8787" + path, status: 200, duration: 0.004, size: 73, error: nil)
    }

    /// The model with history on, the Capture view opened with V and answered with `entries`.
    func opened(_ entries: [HistoryEntry]) throws -> ExplorerModel {
        var model = HistoryPanelTests().selected()
        let effects = Fixtures.press([.character("B")], &model)
        guard case let .loadHistory(id, query)? = effects.first else { throw HistoryTestFailure("expected a history load, got \(effects)") }
        #expect(query.source == "proxy")
        #expect(query.reference == nil)
        _ = model.update(.historyListed(id: id, entries: entries, environments: []))
        return model
    }

    @Test func itListsWhatTheProxyRecordedAndSaysHowToStartIt() throws {
        let empty = try opened([])
        let text = ExplorerView.render(empty).lines.joined(separator: "\n")
        #expect(text.contains("Capture · apiexplorer proxy (live)"))
        #expect(text.contains("Nothing captured yet: run apiexplorer proxy"))
        let model = try opened([Self.entry(7, path: "/users/1")])
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("http://127.0.0.1:8787/users/1"))
        #expect(screen.contains("s save as a request in the tree's folder"))
    }

    @Test func itIsReadAgainEverySecondKeepingTheSelectedExchange() throws {
        var model = try opened([Self.entry(2, path: "/users/2"), Self.entry(1, path: "/users/1")])
        Fixtures.press([.character("j")], &model)
        #expect(model.modal?.historyPanel?.selected?.id == 1)
        #expect(model.update(.ticked(Self.now.addingTimeInterval(0.5))).isEmpty)
        guard case let .loadHistory(id, query)? = model.update(.ticked(Self.now.addingTimeInterval(1.5))).first else {
            throw HistoryTestFailure("expected the list to be read again")
        }
        #expect(query.source == "proxy")
        // A read under way is not asked for twice.
        #expect(model.update(.ticked(Self.now.addingTimeInterval(3))).isEmpty)
        _ = model.update(.historyListed(id: id, entries: [Self.entry(3, path: "/posts"), Self.entry(2, path: "/users/2"), Self.entry(1, path: "/users/1")],
                                        environments: []))
        #expect(model.modal?.historyPanel?.selected?.id == 1)
        #expect(ExplorerView.render(model).lines.joined(separator: "\n").contains("http://127.0.0.1:8787/posts"))
        // In the plain history list, s still filters by status.
        Fixtures.press([.escape, .character("L")], &model)
        #expect(model.modal?.historyPanel?.isCapture == false)
    }

    @Test func sSavesTheExchangeAsARequestWithItsCredentialsAsVariables() throws {
        var model = try opened([Self.entry(7, path: "/users/1?expand=posts&api_key=••••")])
        guard case let .openExchange(id, exchangeID)? = Fixtures.press([.character("s")], &model).first else {
            throw HistoryTestFailure("expected the exchange to be read")
        }
        #expect(exchangeID == 7)
        let kept = HistoryExchange(id: 7, sentAt: Self.now, reference: nil, environment: nil, source: "proxy",
                                   request: HistoryRequest(method: "POST", url: "http://127.0.0.1:8787/users?expand=posts&api_key=••••",
                                                           headers: [Header("Authorization", "Bearer ••••"), Header("Content-Type", "application/json"),
                                                                     Header("User-Agent", "curl/8"), Header("X-Trace", "7")],
                                                           body: HistoryBody(data: Data("{\"name\": \"Ada\"}".utf8), size: 15)),
                                   response: nil, error: "refused")
        let effects = model.update(.exchangeOpened(id: id, kept, summary: nil))
        guard case let .addRequest(collection, request, folder)? = effects.first else { throw HistoryTestFailure("expected a request to be written, got \(effects)") }
        #expect(collection == "Demo")
        #expect(folder.name == "Users")
        #expect(request.method == "POST")
        #expect(request.url == "{{baseURL}}/users")
        #expect(request.query.map { "\($0.name)=\($0.value)" } == ["expand=posts", "api_key={{apiKey}}"])
        #expect(request.headers.map { "\($0.name): \($0.value)" } == ["Authorization: Bearer {{bearerToken}}", "X-Trace: 7"])
        #expect(request.body == .json("{\"name\": \"Ada\"}"))
        #expect(model.status?.contains("set {{bearerToken}}, {{apiKey}}") == true, "\(model.status ?? "")")
        // The Capture view stays open for the next one.
        #expect(model.modal?.historyPanel?.isCapture == true)
    }
}
