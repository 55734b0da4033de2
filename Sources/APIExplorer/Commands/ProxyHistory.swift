import ExplorerCapture
import ExplorerWorkspace
import Foundation

/// A captured exchange as history keeps it, with the source `proxy`.
enum ProxyHistory {
    /// The source name history lists proxy exchanges under.
    static let source = "proxy"

    static func exchange(_ exchange: CapturedExchange, limits: HistoryLimits) -> HistoryExchange {
        HistoryExchange.recording(exchange.request, secrets: [], reference: nil, environment: nil, response: exchange.response,
                                  failure: exchange.failure, source: source, sentAt: exchange.sentAt, limits: limits)
    }
}
