import ExplorerCapture
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// A captured exchange as history keeps it, with the source `proxy`; credentials masked as for every exchange.
enum ProxyHistory {
    /// The source name history lists proxy exchanges under.
    static let source = "proxy"

    static func exchange(_ exchange: CapturedExchange, limits: HistoryLimits) -> HistoryExchange {
        if exchange.kind == .webSocket, let url = URL(string: exchange.url) {
            let conversation = exchange.conversation
            let answered = conversation.map { $0.status == 101 } ?? false
            return HistoryExchange.recording(conversationAt: url, sentHeaders: exchange.request.headers.fields, secrets: [], authentication: nil,
                                             reference: nil, environment: nil,
                                             responseHeaders: answered ? conversation?.headers.map { ($0.name, $0.value) } : nil,
                                             events: conversation?.events ?? [], duration: conversation?.duration ?? 0,
                                             failure: answered ? nil : exchange.failure ?? "the upstream answered \(conversation?.status ?? 0), not 101",
                                             source: source, sentAt: exchange.sentAt, limits: limits)
        }
        return HistoryExchange.recording(exchange.request, secrets: [], reference: nil, environment: nil, response: exchange.response,
                                         failure: exchange.failure, source: source, sentAt: exchange.sentAt, limits: limits)
    }
}
