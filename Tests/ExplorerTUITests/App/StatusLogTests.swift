import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

@Suite("! lists the status line's recent messages in full, newest first, with their time")
struct StatusLogTests {
    static let long = "Not applied: /tmp/shop/orders/create.yaml is invalid YAML: could not find expected ':' at line 7, column 3 while scanning a simple key; E opens your edit again, and Ctrl-R rereads the collections"

    @Test func bangListsRecentMessagesNewestFirstWithTheirTime() {
        var model = Fixtures.model(width: 100, height: 30)
        let first = Date(timeIntervalSince1970: 1_790_000_000)
        model.now = first
        Fixtures.press([.character("Z")], &model)
        _ = model.update(.ticked(first.addingTimeInterval(75)))
        _ = model.update(.reported(.notSaved(reason: StatusLogTests.long)))
        Fixtures.press([.character("!")], &model)
        guard case let .messages(list)? = model.modal else { Issue.record("! opened \(String(describing: model.modal))"); return }
        #expect(list.entries.map(\.text) == [StatusLogTests.long, "Z does nothing here; ? lists the keys."])
        #expect(list.entries.map(\.time) == [first.addingTimeInterval(75), first])
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Messages, newest first"))
        #expect(screen.contains(MeasurementText.timestamp(first, relativeTo: model.now) + "  Z does nothing here"))
        // The long message is there in full, wrapped, its end included.
        #expect(screen.contains("Ctrl-R rereads the") && screen.contains("collections"))
        Fixtures.press([.escape], &model)
        #expect(model.modal == nil)
    }

    @Test func aMessageHandedBackByAPaneIsLoggedOnce() {
        var model = Fixtures.model()
        _ = model.update(.reported(.notSaved(reason: "Saved the body")))
        // A finished search goes through the response pane, which hands the status line back unchanged.
        _ = model.update(.searchFinished(id: 0, matches: []))
        _ = model.update(.searchFinished(id: 0, matches: []))
        #expect(model.status == "Saved the body")
        #expect(model.$status.entries.map(\.text) == ["Saved the body"])
    }

    @Test func theLogKeepsTheNewestHundredAndScrolls() {
        var model = Fixtures.model()
        for index in 1...150 { _ = model.update(.reported(.notSaved(reason: "message \(index)"))) }
        #expect(model.$status.entries.count == StatusLog.limit)
        #expect(model.$status.entries.first?.text == "message 51")
        Fixtures.press([.character("!")], &model)
        #expect(ExplorerView.render(model).lines[2].contains("message 150"))
        Fixtures.press([.character("j"), .character("j"), .pageDown], &model)
        guard case let .messages(list)? = model.modal else { Issue.record("the log closed"); return }
        #expect(list.scroll == 2 + 20)
        #expect(ExplorerView.render(model).lines[2].contains("message 128"))
        Fixtures.press([.character("G")], &model)
        #expect(ExplorerView.render(model).lines.joined().contains("message 51"))
        // A key it does not bind leaves it open; ! closes it as it opened it.
        Fixtures.press([.character("x")], &model)
        #expect(model.modal != nil)
        Fixtures.press([.character("!")], &model)
        #expect(model.modal == nil)
    }
}
