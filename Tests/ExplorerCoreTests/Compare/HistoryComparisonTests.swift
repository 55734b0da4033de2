import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation
import Testing

@Suite struct HistoryComparisonTests {
    private func conversation(_ id: Int64, _ messages: [(StreamEvent.Kind, String)]) -> HistoryExchange {
        var response = HistoryResponse(status: 101, reason: "Switching Protocols", headers: [], body: HistoryBody(data: Data(), size: 0),
                                       duration: 1, finalURL: nil)
        response.events = messages.map { StreamEvent(kind: $0.0, data: $0.1) }
        return HistoryExchange(id: id, sentAt: Date(timeIntervalSince1970: 0), reference: "C/ws", environment: "local", source: "explorer",
                               request: HistoryRequest(method: "WS", url: "ws://127.0.0.1:9/ws", headers: [], body: .empty),
                               response: response, error: nil)
    }

    @Test func twoWebSocketConversationsCompareByTheirMessages() {
        let first = conversation(1, [(.sent, "hello"), (.message, "hi 1")])
        let same = conversation(2, [(.sent, "hello"), (.message, "hi 1")])
        let other = conversation(3, [(.sent, "hello"), (.message, "hi 2")])
        #expect(HistoryComparison(first, same).isIdentical)
        let differing = HistoryComparison(first, other)
        #expect(!differing.isIdentical, "both bodies are empty; the messages must be compared")
        let text = differing.report().map(\.text).joined(separator: "\n")
        #expect(text.contains("← hi 1") && text.contains("← hi 2"), "\(text)")
    }
}
