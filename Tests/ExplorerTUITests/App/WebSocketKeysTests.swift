import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Keys of a WebSocket conversation: ping, saved messages, close with a code, reconnect, save, open (issue 28)")
struct WebSocketKeysTests {
    /// An open conversation with Get user as a WebSocket request (two saved messages), the response pane focused.
    func connected() -> (ExplorerModel, Int) {
        var collection = Fixtures.collection
        collection.root.folders[0].requests[0].method = "WS"
        collection.root.folders[0].requests[0].messages = [SavedMessage(name: "hi", format: .text, content: "hi {{userId}}"),
                                                          SavedMessage(name: "bye", format: .json, content: "{\"bye\": true}")]
        collection.root.folders[0].requests[0].body = .json("{\"say\": \"hello\"}")
        var model = ExplorerModel(collections: [collection])
        model.screen.width = 100
        model.screen.height = 24
        Fixtures.press([.character("j"), .right, .down], &model)
        guard case let .openWebSocket(id, _, _)? = Fixtures.press([.control("j")], &model).last else { return (model, -1) }
        _ = model.update(.webSocketOpened(id: id, subprotocol: nil))
        Fixtures.press([.tab, .tab], &model)
        return (model, id)
    }

    func screen(_ model: ExplorerModel) -> String { ExplorerView.render(model).lines.joined(separator: "\n") }

    @Test func pIsAPingAndItsPongIsShown() {
        var (model, id) = connected()
        let effects = Fixtures.press([.character("p")], &model)
        guard case .pingWebSocket(id)? = effects.first, effects.count == 1 else { Issue.record("expected a ping, got \(effects)"); return }
        _ = model.update(.webSocketEvent(id: id, .pong(Data())))
        let text = screen(model)
        #expect(text.contains("· ping") && text.contains("· pong"), "\(text)")
    }

    @Test func capitalPPicksASavedMessageAndSendsItResolved() {
        var (model, id) = connected()
        Fixtures.press([.character("P")], &model)
        guard case let .picker(picker)? = model.modal?.dialog else { Issue.record("expected the saved messages"); return }
        #expect(picker.options == ["hi", "bye"])
        let effects = Fixtures.press([.down, .enter], &model)
        guard case let .sendWebSocket(sentID, message)? = effects.first else { Issue.record("expected a message sent, got \(effects)"); return }
        #expect(sentID == id && message == WebSocketMessage(text: "{\"bye\": true}"))
        #expect(screen(model).contains("→ {\"bye\": true}") && model.status == "Sent bye.")
    }

    @Test func capitalXClosesWithTheCodeAndReasonAskedAndRefusesACodeAClientMayNotSend() {
        var (model, id) = connected()
        Fixtures.press([.character("X")], &model)
        guard case let .form(form)? = model.modal?.dialog else { Issue.record("expected the close form"); return }
        #expect(form.value(0) == "1000")
        // 1006 is reserved for a connection that dropped; the form stays with the cursor in Code.
        var effects = Fixtures.press(Array(repeating: .backspace, count: 4) + "1006".map { .character($0) } + [.enter], &model)
        #expect(effects.isEmpty && model.modal?.dialog != nil && model.status?.hasPrefix("Code:") == true, "\(model.status ?? "")")
        effects = Fixtures.press(Array(repeating: .backspace, count: 4) + "4000".map { .character($0) } + [.tab] + "done".map { .character($0) } + [.enter], &model)
        guard case .closeWebSocket(id, 4000, "done")? = effects.first else { Issue.record("expected a close with 4000, got \(effects)"); return }
    }

    @Test func rConnectsAgainWithTheSavedMessages() {
        var (model, id) = connected()
        _ = model.update(.webSocketEvent(id: id, .closed(code: 1001, reason: "restart", byClient: false)))
        #expect(screen(model).contains("closed 1001 restart"))
        let effects = Fixtures.press([.character("r")], &model)
        guard case let .openWebSocket(newID, _, messages)? = effects.last else { Issue.record("expected a new connection, got \(effects)"); return }
        #expect(newID != id && messages.count == 2 && model.responseView.conversation?.id == newID)
    }

    @Test func aSavesTheComposedMessageIntoTheRequestsFile() {
        var (model, _) = connected()
        Fixtures.press([.character("a")], &model)
        guard case let .form(form)? = model.modal?.dialog else { Issue.record("expected the name form"); return }
        #expect(form.value(0) == "message 3")
        // A name already saved is refused.
        var effects = Fixtures.press(Array(repeating: .backspace, count: 9) + "hi".map { .character($0) } + [.enter], &model)
        #expect(effects.isEmpty && model.status?.contains("hi is saved already") == true)
        effects = Fixtures.press(Array(repeating: .backspace, count: 2) + "greet".map { .character($0) } + [.enter], &model)
        guard case let .save(_, request, saved, _)? = effects.first else { Issue.record("expected a save, got \(effects)"); return }
        #expect(request.messages.last == SavedMessage(name: "greet", format: .json, content: "{\"say\": \"hello\"}"))
        #expect(request.changedKeys(from: saved).contains("messages"), "the save writes messages:")
    }

    @Test func aReceivedMessageOpensPrettyPrintedAndMessagesCanBeSearchedAndFiltered() {
        var (model, id) = connected()
        for index in 1...5 { _ = model.update(.webSocketEvent(id: id, .message(WebSocketMessage(text: "{\"price\": \(index), \"sym\": \"S\(index)\"}")))) }
        Fixtures.press([.character("k"), .enter], &model)
        var text = screen(model)
        #expect(text.contains("← received") && text.contains("\"price\": 4,"), "\(text)")
        Fixtures.press([.escape], &model)
        #expect(model.responseView.conversation?.isOpen == true, "Esc closed the message, not the connection")
        Fixtures.press([.character("f")] + "$.sym".map { .character($0) } + [.enter], &model)
        text = screen(model)
        #expect(text.contains("← \"S5\"") && !text.contains("hi 1"), "only messages the path selects in: \(text)")
        Fixtures.press([.character("/")] + "s2".map { .character($0) } + [.enter], &model)
        #expect(model.status?.contains("1 event matches") == true, "\(model.status ?? "")")
    }

    @Test func keysNeedAnOpenConnection() {
        var (model, id) = connected()
        _ = model.update(.webSocketEvent(id: id, .closed(code: 1000, reason: "", byClient: true)))
        #expect(Fixtures.press([.character("p")], &model).isEmpty && model.status?.contains("r connects again") == true)
    }
}
