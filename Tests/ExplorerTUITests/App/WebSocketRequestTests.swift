import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

@Suite("WebSocket requests in the explorer (issue 28)")
struct WebSocketRequestTests {
    /// The explorer has no conversation view yet: a WS request is not sent over HTTP, and the status says how to send it.
    @Test func aWebSocketRequestIsNotSentOverHTTP() {
        var collection = Fixtures.collection
        collection.root.folders[0].requests[0].method = "WS"
        var model = ExplorerModel(collections: [collection])
        Fixtures.press([.character("j"), .right, .down], &model)
        let effects = Fixtures.press([.control("j")], &model)
        #expect(!effects.contains { if case .send = $0 { true } else { false } })
        #expect(model.status == "WebSocket requests are sent from the command line for now: apiexplorer send Demo/users/get-user")
    }

    /// The method picker offers WS.
    @Test func theMethodPickerOffersWS() {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down, .tab, .character("m")], &model)
        guard case let .picker(picker)? = model.modal?.dialog else { Issue.record("expected the method picker"); return }
        #expect(picker.options.contains("WS"))
    }
}
