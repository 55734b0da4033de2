import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("The events of a stream as a list: live, on the Stream tab and from history (issue 28)")
struct StreamTabTests {
    static let events = (1...30).map {
        StreamEvent(kind: .serverSent, event: "tick", id: "\($0)", data: "{\"n\": \($0), \"word\": \"w\($0)\"}", time: 0.1 * Double($0))
    }

    /// A stream in flight with the first 20 events in, the response pane focused.
    func streaming() -> (ExplorerModel, Int) {
        var model = Fixtures.model(width: 100, height: 24)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        let id = model.session.nextSendID - 1
        _ = model.update(.streamProgress(id: id, events: Array(StreamTabTests.events.prefix(20)), bytes: 600))
        Fixtures.press([.tab, .tab], &model)
        return (model, id)
    }

    func screen(_ model: ExplorerModel) -> String { ExplorerView.render(model).lines.joined(separator: "\n") }

    @Test func movingUpLeavesTheTailAndNewEventsAreCountedUntilGFollowsAgain() {
        var (model, id) = streaming()
        #expect(screen(model).contains("id 20 {\"n\": 20"), "following the newest")
        Fixtures.press([.character("k"), .character("k")], &model)
        #expect(model.responseView.events.selected == 17, "two up from the newest, #20")
        _ = model.update(.streamProgress(id: id, events: Array(StreamTabTests.events.dropFirst(20)), bytes: 300))
        var text = screen(model)
        #expect(text.contains("↓ 10 new · G follows"), "\(text)")
        #expect(!text.contains("id 30 {"), "the view stays where the user left it")
        Fixtures.press([.character("G")], &model)
        text = screen(model)
        #expect(text.contains("id 30 {\"n\": 30") && !text.contains("new · G follows"), "\(text)")
    }

    @Test func enterOpensAnEventPrettyPrintedAndEscGoesBackWithoutStoppingTheStream() {
        var (model, _) = streaming()
        Fixtures.press([.character("k"), .enter], &model)
        var text = screen(model)
        #expect(text.contains("#19 · event: tick · id 19 · +1.900 s"), "\(text)")
        #expect(text.contains("\"n\": 19,") && text.contains("\"word\": \"w19\""), "the data pretty-printed, one key a line: \(text)")
        Fixtures.press([.escape], &model)
        #expect(model.responseView.state.isSending, "Esc closed the event, not the stream")
        #expect(!model.responseView.events.isOpen && screen(model).contains("id 18 {"))
        Fixtures.press([.escape], &model)
        #expect(!model.responseView.state.isSending, "the next Esc stops the stream")
    }

    @Test func searchFindsEventsAndStepsThroughThem() {
        var (model, _) = streaming()
        Fixtures.press([.character("/")] + "W1".map { .character($0) } + [.enter], &model)
        // w1, w10 … w19: eleven events, the newest match selected first.
        #expect(model.status?.contains("11 events match \"W1\"") == true, "\(model.status ?? "")")
        #expect(model.responseView.events.selected == 18, "w19 is event #19")
        Fixtures.press([.character("N")], &model)
        #expect(model.responseView.events.selected == 17)
        Fixtures.press([.character("n"), .character("n")], &model)
        #expect(model.responseView.events.selected == 0, "after w19 the search wraps to w1")
    }

    @Test func theJSONPathFilterAppliesToEachEventsData() {
        var (model, id) = streaming()
        Fixtures.press([.character("f")] + "$.word".map { .character($0) }, &model)
        var text = screen(model)
        #expect(text.contains("+2.000 s tick id 20 \"w20\""), "each event shows what the path selected: \(text)")
        Fixtures.press([.enter], &model)
        // Events arriving later are filtered too.
        _ = model.update(.streamProgress(id: id, events: [StreamEvent(kind: .serverSent, event: "tick", data: "not json", time: 3),
                                                          StreamEvent(kind: .serverSent, event: "tick", data: "{\"word\": \"late\"}", time: 3.1)], bytes: 40))
        text = screen(model)
        #expect(text.contains("\"late\"") && !text.contains("not json"), "\(text)")
        #expect(text.contains("[filter $.word: 21 of 22]"), "\(text)")
        // The status said "20 of 20" while the list grew: it names the filter and leaves counting to the list.
        #expect(model.status == "Showing the events that have a value for $.word; the list's foot counts them.", "\(model.status ?? "")")
        Fixtures.press([.character("f"), .escape], &model)
        #expect(!model.responseView.events.isFiltered && screen(model).contains("not json"))
        Fixtures.press([.character("f")] + "$.[".map { .character($0) }, &model)
        #expect(screen(model).contains("✗ "), "a path that does not parse says why")
    }

    @Test func theWholeResponseOpensOnTheStreamTabKeepingTheSelection() {
        var (model, id) = streaming()
        Fixtures.press([.character("k")], &model)
        var summary = Fixtures.summary("data: …", contentType: "text/event-stream")
        summary.events = StreamTabTests.events
        summary.eventCount = 30
        _ = model.update(.responseReceived(id: id, summary))
        var text = screen(model)
        #expect(model.responseView.tab == .stream && text.contains("Stream (30)") && text.contains("Raw"), "\(text)")
        #expect(model.responseView.events.selected == 18, "the list stays where it was")
        Fixtures.press([.character("G")], &model)
        #expect(screen(model).contains("+3.000 s tick id 30"))
        // → shows the raw body.
        Fixtures.press([.right], &model)
        text = screen(model)
        #expect(model.responseView.tab == .body && text.contains("data: …"), "\(text)")
    }

    @Test func aKeptStreamOpensOnItsEventsWithTheirTimes() {
        var model = Fixtures.model(width: 100, height: 24)
        model.session.historyIsOn = true
        let effects = Fixtures.press([.character("j"), .right, .down], &model)
        guard case let .loadLatest(id, _, _)? = effects.last else { Issue.record("expected the latest exchange asked for, got \(effects)"); return }
        var response = HistoryResponse(status: 200, reason: "OK", headers: [Header("Content-Type", "text/event-stream")],
                                       body: HistoryBody(data: Data("data: 1\n\n".utf8), size: 9), duration: 3, finalURL: nil)
        response.events = Array(StreamTabTests.events.prefix(3))
        let exchange = HistoryExchange(id: 7, sentAt: Date(), reference: "Demo/users/get-user", environment: "local", source: "send",
                                       request: HistoryRequest(method: "GET", url: "http://127.0.0.1/events", headers: [], body: .empty),
                                       response: response, error: nil)
        _ = model.update(.exchangeOpened(id: id, exchange, summary: nil))
        let text = screen(model)
        #expect(model.responseView.tab == .stream && text.contains("+0.300 s tick id 3 {\"n\": 3"), "\(text)")
        #expect(text.contains("Stream (3)") && text.contains("history #7"), "\(text)")
    }

    /// A conversation kept in history lists the messages both ways, as the live conversation did.
    @Test func aKeptConversationShowsMessagesBothWays() {
        var model = Fixtures.model(width: 100, height: 24)
        model.session.historyIsOn = true
        let effects = Fixtures.press([.character("j"), .right, .down], &model)
        guard case let .loadLatest(id, _, _)? = effects.last else { Issue.record("expected the latest exchange asked for"); return }
        var response = HistoryResponse(status: 101, reason: "Switching Protocols", headers: [], body: HistoryBody(data: Data(), size: 0),
                                       duration: 1, finalURL: nil)
        response.events = [StreamEvent(kind: .sent, data: "hi", time: 0.01), StreamEvent(kind: .message, data: "{\"hello\": 1}", time: 0.02)]
        let exchange = HistoryExchange(id: 9, sentAt: Date(), reference: "Demo/users/get-user", environment: "local", source: "explorer",
                                       request: HistoryRequest(method: "WS", url: "ws://127.0.0.1/chat", headers: [], body: .empty),
                                       response: response, error: nil)
        _ = model.update(.exchangeOpened(id: id, exchange, summary: nil))
        let text = screen(model)
        #expect(text.contains("+0.010 s → hi") && text.contains("+0.020 s ← {\"hello\": 1}"), "\(text)")
    }
}
