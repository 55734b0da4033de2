import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("WebSocket conversations in the explorer (issue 28)")
struct WebSocketRequestTests {
    /// The fixture with Get user made a WebSocket request with one saved message and a JSON body to compose from.
    func model() -> ExplorerModel {
        var collection = Fixtures.collection
        collection.root.folders[0].requests[0].method = "WS"
        collection.root.folders[0].requests[0].messages = [SavedMessage(name: "hi", format: .text, content: "hi {{userId}}")]
        collection.root.folders[0].requests[0].body = .json("{\"say\": \"hello\"}")
        var model = ExplorerModel(collections: [collection])
        model.screen.width = 100
        model.screen.height = 24
        Fixtures.press([.character("j"), .right, .down], &model)
        return model
    }

    @Test func theBodyTabComposesAMessageWithNoKindToPickFirst() {
        var collection = Fixtures.collection
        collection.root.folders[0].requests[0].method = "WS"
        collection.root.folders[0].requests[0].body = .none
        var model = ExplorerModel(collections: [collection])
        model.screen.width = 100
        model.screen.height = 24
        Fixtures.press([.character("j"), .right, .down, .tab], &model)
        model.requestEditor.tab = .body
        Fixtures.press([.character("i")] + Fixtures.typing("{\"a\": 1}") + [.escape], &model)
        #expect(model.requestEditor.drafts["Demo/users/get-user"]?.edited?.body == .json("{\"a\": 1}"), "JSON when it parses")
        Fixtures.press([.character("i"), .home, .control("k")] + Fixtures.typing("hello") + [.escape], &model)
        #expect(model.requestEditor.drafts["Demo/users/get-user"]?.edited?.body == .text("hello", contentType: nil), "text otherwise")
        #expect(!(model.status ?? "").contains("No body"), "\(model.status ?? "")")
    }

    @Test func ctrlJConnectsSendsTheSavedMessagesThenTheBodyAndEscCloses() {
        var model = model()
        let opened = Fixtures.press([.control("j")], &model)
        guard case let .openWebSocket(id, _, messages)? = opened.last else { Issue.record("expected a connection, got \(opened)"); return }
        #expect(messages == [WebSocketMessage(text: "hi 1")], "the saved messages, variables resolved")
        #expect(!opened.contains { if case .send = $0 { true } else { false } }, "never sent over HTTP")
        var screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("connecting…") && screen.contains("→ hi 1"), "\(screen)")
        _ = model.update(.webSocketOpened(id: id, subprotocol: "chat.v2"))
        _ = model.update(.webSocketEvent(id: id, .message(WebSocketMessage(text: "hi 1"))))
        _ = model.update(.webSocketEvent(id: id + 5, .message(WebSocketMessage(text: "stray"))))
        screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("connected (chat.v2) · 1 ↑ 1 ↓") && screen.contains("← hi 1") && !screen.contains("stray"), "\(screen)")
        // Open: Ctrl-J sends the Body tab's text.
        let sent = Fixtures.press([.control("j")], &model)
        guard case let .sendWebSocket(sentID, message)? = sent.first else { Issue.record("expected a message, got \(sent)"); return }
        #expect(sentID == id && message == WebSocketMessage(text: "{\"say\": \"hello\"}"))
        #expect(ExplorerView.render(model).lines.joined().contains("→ {\"say\": \"hello\"}"))
        // Esc closes; the server's answer ends it.
        guard case .closeWebSocket(id, 1000, "")? = Fixtures.press([.escape], &model).first else { Issue.record("Esc should close"); return }
        _ = model.update(.webSocketEvent(id: id, .closed(code: 1000, reason: "", byClient: true)))
        screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("closed 1000") && screen.contains("Ctrl-J connects again"), "\(screen)")
        // Sending another request ends the conversation view.
        Fixtures.press([.down, .down], &model)
        let http = Fixtures.press([.control("j")], &model)
        #expect(http.contains { if case .send = $0 { true } else { false } } && model.responseView.conversation == nil)
    }

    @Test func aFailedHandshakeIsShownWithItsReason() {
        var model = model()
        guard case let .openWebSocket(id, _, _)? = Fixtures.press([.control("j")], &model).last else { Issue.record("expected a connection"); return }
        _ = model.update(.webSocketFailed(id: id, message: "The server refused the WebSocket handshake: 401 Unauthorized"))
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("✗ The server refused the WebSocket handshake: 401 Unauthorized"), "\(screen)")
    }

    /// The method picker offers WS.
    @Test func theMethodPickerOffersWS() {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down, .tab, .character("m")], &model)
        guard case let .picker(picker)? = model.modal?.dialog else { Issue.record("expected the method picker"); return }
        #expect(picker.options.contains("WS"))
    }
}
