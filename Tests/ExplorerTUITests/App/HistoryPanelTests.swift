import ExplorerChecks
import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("The explorer's history list, past responses, replay and compare")
struct HistoryPanelTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// The fixture model with `Demo/users/get-user` selected and history on (its restore request answered with nothing).
    func selected() -> ExplorerModel {
        var model = Fixtures.model(width: 110, height: 30)
        model.now = HistoryPanelTests.now
        Fixtures.press([.character("j"), .right, .down], &model)
        if case let .loadLatest(id, _, _)? = model.update(.historyOpened).first { _ = model.update(.exchangeOpened(id: id, nil, summary: nil)) }
        return model
    }

    static func entry(_ id: Int64, status: Int?, environment: String = "local", secondsAgo: Double = 60) -> HistoryEntry {
        HistoryEntry(id: id, sentAt: now.addingTimeInterval(-secondsAgo), reference: "Demo/users/get-user", environment: environment,
                     method: "GET", url: "http://127.0.0.1:8787/users/1", status: status, duration: status == nil ? nil : 0.012,
                     size: status == nil ? nil : 345, error: status == nil ? "Could not connect" : nil)
    }

    static func exchange(_ id: Int64, body: String) -> HistoryExchange {
        HistoryExchange(id: id, sentAt: now.addingTimeInterval(-90), reference: "Demo/users/get-user", environment: "staging", source: "explorer",
                        request: HistoryRequest(method: "GET", url: "http://127.0.0.1:8787/users/1", headers: [], body: .empty),
                        response: HistoryResponse(status: 404, reason: "Not Found", headers: [Header("Content-Type", "application/json")],
                                                  body: HistoryBody(data: Data(body.utf8), size: body.utf8.count), duration: 0.02, finalURL: nil),
                        error: nil)
    }

    /// Opens the list with H and answers it with `entries`.
    func opened(_ entries: [HistoryEntry], all: Bool = false) throws -> ExplorerModel {
        var model = selected()
        let effects = Fixtures.press([.character(all ? "L" : "H")], &model)
        guard case let .loadHistory(id, query)? = effects.first else { throw HistoryTestFailure("expected a history load, got \(effects)") }
        #expect(query.reference == (all ? nil : "Demo/users/get-user"))
        _ = model.update(.historyListed(id: id, entries: entries, environments: ["local", "staging"]))
        return model
    }

    @Test func withHistoryOffTheKeysSayWhy() {
        var model = Fixtures.model()
        Fixtures.press([.character("H")], &model)
        #expect(model.modal?.historyPanel == nil && model.status?.contains("History is off") == true)
        _ = model.update(.historyProblem("history is off: /x/h.sqlite is locked by another process"))
        Fixtures.press([.character("L")], &model)
        #expect(model.status == "⚠ history is off: /x/h.sqlite is locked by another process")
        #expect(ExplorerView.render(model).lines[0].contains("⚠ history off (H: why)"))
    }

    @Test func theListShowsEachExchangeNewestFirstWithItsOutcome() throws {
        let model = try opened([Self.entry(2, status: 404, environment: "staging"), Self.entry(1, status: nil, secondsAgo: 3600)])
        let screen = ExplorerView.render(model).lines
        let text = screen.joined(separator: "\n")
        #expect(text.contains("History · Demo/users/get-user"))
        #expect(text.contains("filter: none  status: all  env: all  2 shown"))
        let two = try #require(screen.first { $0.contains("│   2 ") })
        let one = try #require(screen.first { $0.contains("│   1 ") })
        #expect(two.contains(MeasurementText.timestamp(Self.now.addingTimeInterval(-60), relativeTo: Self.now)))
        #expect(two.contains("staging") && two.contains("GET") && two.contains("404") && two.contains("12 ms") && two.contains("345 B")
                && two.contains("http://127.0.0.1:8787/users/1"))
        #expect(one.contains("✗") && one.contains("local"))
        #expect(screen.firstIndex(of: two) ?? 0 < screen.firstIndex(of: one) ?? 0)
        #expect(text.contains("Enter show in the response pane"))
    }

    @Test func filtersReadTheListAgainWithTheNewQuery() throws {
        var model = try opened([Self.entry(1, status: 200)])
        func query(_ keys: [Key]) -> HistoryQuery? {
            for effect in Fixtures.press(keys, &model) { if case let .loadHistory(_, query) = effect { return query } }
            return nil
        }
        #expect(query([.character("s")])?.status == .success)
        #expect(query([.character("s")])?.status == .redirect)
        #expect(query([.character("e")])?.environment == "local")
        #expect(query([.character("e")])?.environment == "staging")
        #expect(query([.character("e")])?.environment == nil)
        #expect(query([.character("/")] + Fixtures.typing("users") + [.enter])?.text == "users")
        let all = query([.character("a")])
        #expect(all?.reference == nil && all?.text == "users")
        #expect(query([.character("a")])?.reference == "Demo/users/get-user")
        // An answer to an earlier read is ignored: only the latest read fills the list.
        let earlier = Fixtures.press([.character("s")], &model)
        let latest = Fixtures.press([.character("s")], &model)
        guard case let .loadHistory(earlierID, _)? = earlier.first, case let .loadHistory(latestID, _)? = latest.first else {
            Issue.record("no reads: \(earlier) \(latest)")
            return
        }
        _ = model.update(.historyListed(id: earlierID, entries: [Self.entry(9, status: 500)], environments: []))
        #expect(model.modal?.historyPanel?.entries.map(\.id) == [1] && model.modal?.historyPanel?.pending == latestID)
        _ = model.update(.historyListed(id: latestID, entries: [Self.entry(8, status: 200)], environments: []))
        #expect(model.modal?.historyPanel?.entries.map(\.id) == [8] && model.modal?.historyPanel?.pending == nil)
    }

    @Test func enterShowsAPastExchangeMarkedWithItsTimeAndEnvironment() throws {
        var model = try opened([Self.entry(7, status: 404, environment: "staging")])
        let effects = Fixtures.press([.enter], &model)
        guard case let .openExchange(id, exchangeID)? = effects.first else { Issue.record("expected openExchange, got \(effects)"); return }
        #expect(exchangeID == 7 && model.modal?.historyPanel == nil)
        _ = model.update(.exchangeOpened(id: id, Self.exchange(7, body: "{\"error\": \"gone\"}"), summary: nil))
        guard case let .received(summary) = model.responseView.state else { Issue.record("not shown: \(model.responseView.state)"); return }
        #expect(summary.past?.id == 7 && summary.statusCode == 404)
        let text = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(text.contains("Response · Demo/users/get-user (from history)"))
        #expect(text.contains("404 Not Found") && text.contains("⟲ history #7 · sent \(MeasurementText.timestamp(Self.now.addingTimeInterval(-90), relativeTo: Self.now)) in staging"))
        #expect(text.contains("\"gone\""))
        // Search works on it like on a live body.
        Fixtures.press([.character("/")] + Fixtures.typing("gone") + [.enter], &model)
        #expect(model.responseView.bodyView.matches == [1])
    }

    @Test func aSelectedRequestShowsItsLastKeptResponseUntilItIsSentAgain() throws {
        var model = Fixtures.model(width: 110, height: 30)
        Fixtures.press([.character("j"), .right, .down], &model)
        let opened = model.update(.historyOpened)
        guard case let .loadLatest(id, reference, environment)? = opened.first else { Issue.record("no restore: \(opened)"); return }
        #expect(reference == "Demo/users/get-user" && environment == "local")
        _ = model.update(.exchangeOpened(id: id, Self.exchange(3, body: "{}"), summary: nil))
        guard case let .received(summary) = model.responseView.state else { Issue.record("not restored"); return }
        #expect(summary.past?.id == 3 && model.responseView.key == "Demo/users/get-user")
        // Moving to another request asks for its last response; the answer for the old one is ignored.
        let moved = Fixtures.press([.down], &model)
        guard case let .loadLatest(next, nextReference, _)? = moved.first else { Issue.record("no restore on move: \(moved)"); return }
        #expect(nextReference == "Demo/users/create")
        _ = model.update(.exchangeOpened(id: id, Self.exchange(4, body: "stale"), summary: nil))
        guard case let .received(shown) = model.responseView.state else { Issue.record("the past response went: \(model.responseView.state)"); return }
        #expect(shown.past?.id == 3)
        // Sent while its past response is being read: the live send wins.
        let sent = Fixtures.press([.control("j")], &model)
        #expect(sent.contains { if case .send = $0 { true } else { false } })
        _ = model.update(.exchangeOpened(id: next, Self.exchange(5, body: "late"), summary: nil))
        guard case .sending = model.responseView.state else { Issue.record("a past response replaced the send: \(model.responseView.state)"); return }
    }

    @Test func spaceMarksAndCComparesTwoExchangesThenEscReturnsToTheList() throws {
        var model = try opened([Self.entry(2, status: 200), Self.entry(1, status: 500)])
        Fixtures.press([.character(" ")], &model)
        #expect(model.modal?.historyPanel?.marked == 2)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("◆  2 ") })
        let effects = Fixtures.press([.down, .character("c")], &model)
        guard case let .compareExchanges(id, first, second, live)? = effects.first else { Issue.record("no compare: \(effects)"); return }
        #expect(first == 2 && second == 1 && live == nil)
        #expect(model.modal?.toolPanel == .comparing(id: id, first: "#2", second: "#1", from: .history))
        #expect(ExplorerView.render(model).lines.contains { $0.contains("Reading from history…") })
        _ = model.update(.compared(id: id, lines: [ComparisonLine(.heading, "Status: differs")]))
        #expect(ExplorerView.render(model).lines.joined().contains("Compare #2 ↔ #1"))
        Fixtures.press([.escape], &model)
        #expect(model.modal?.toolPanel == nil && model.modal?.historyPanel?.marked == 2 && model.modal?.historyPanel?.selection == 1)
    }

    @Test func withNothingMarkedCComparesWithTheLiveResponse() throws {
        var model = selected()
        let send = Fixtures.press([.control("j")], &model)
        guard case let .send(sendID, _)? = send.last else { Issue.record("no send"); return }
        _ = model.update(.responseReceived(id: sendID, Fixtures.summary("{\"id\": 1}")))
        let effects = Fixtures.press([.character("H")], &model)
        guard case let .loadHistory(listID, _)? = effects.first else { Issue.record("no list"); return }
        _ = model.update(.historyListed(id: listID, entries: [Self.entry(4, status: 200)], environments: []))
        let compare = Fixtures.press([.character("c")], &model)
        guard case let .compareExchanges(_, first, nil, live?)? = compare.first else { Issue.record("no live compare: \(compare)"); return }
        #expect(first == 4 && live.statusCode == 200 && live.past == nil)
    }

    @Test func rReplaysTheExchangeWithItsSavedRequestForSecrets() throws {
        var model = try opened([Self.entry(6, status: 200, environment: "staging")])
        let effects = Fixtures.press([.character("r")], &model)
        guard case let .replay(id, exchangeID, resolver)? = effects.first else { Issue.record("no replay: \(effects)"); return }
        #expect(exchangeID == 6 && resolver?.request.slug == "get-user" && resolver?.environment?.name == "staging")
        guard case .sending(id, _) = model.responseView.state else { Issue.record("not sending: \(model.responseView.state)"); return }
        #expect(model.modal?.historyPanel == nil && model.status?.contains("Replaying #6") == true)
    }

    @Test func theReplayNoteGoesOnceTheResponseIsOnScreen() throws {
        var model = try opened([Self.entry(6, status: 200, environment: "staging")])
        let effects = Fixtures.press([.character("r")], &model)
        guard case let .replay(id, _, _)? = effects.first else { Issue.record("no replay: \(effects)"); return }
        _ = model.update(.responseReceived(id: id, Fixtures.summary("{\"id\": 1}")))
        #expect(model.status == nil, "\(model.status ?? "")")
        // A failed replay says why in the response pane; the note is gone too.
        let again = try opened([Self.entry(7, status: 200)])
        var failing = again
        guard case let .replay(failedID, _, _)? = Fixtures.press([.character("r")], &failing).first else { Issue.record("no replay"); return }
        _ = failing.update(.requestFailed(id: failedID, message: "Connection refused"))
        #expect(failing.status == nil)
        // Any other message is left alone.
        _ = failing.update(.reported(.notSaved(reason: "Copied the body")))
        _ = failing.update(.requestFailed(id: failedID, message: "late"))
        #expect(failing.status == "Copied the body")
    }

    @Test func goingBackBeforeAnotherRequestsPastArrivesKeepsTheLiveResponse() throws {
        var model = selected()
        let send = Fixtures.press([.control("j")], &model)
        guard case let .send(sendID, _)? = send.last else { Issue.record("no send"); return }
        _ = model.update(.responseReceived(id: sendID, Fixtures.summary("{\"live\": true}")))
        let away = Fixtures.press([.down], &model)
        guard case let .loadLatest(awayID, _, _)? = away.first else { Issue.record("no restore: \(away)"); return }
        #expect(Fixtures.press([.up], &model).isEmpty, "its own response is already on screen")
        _ = model.update(.exchangeOpened(id: awayID, Self.exchange(9, body: "other request"), summary: nil))
        guard case let .received(shown) = model.responseView.state else { Issue.record("\(model.responseView.state)"); return }
        #expect(shown.past == nil && model.responseView.key == "Demo/users/get-user")
    }
}
