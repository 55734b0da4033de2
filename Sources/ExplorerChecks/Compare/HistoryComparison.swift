import ExplorerCore
import ExplorerWorkspace
import Foundation

/// How the responses of two kept exchanges differ (or a kept one and the response on screen), titled by where and
/// when each was sent.
public struct HistoryComparison: Sendable {
    /// The comparison of status, headers and body.
    public let comparison: ResponseComparison
    /// The first side's title.
    public let firstTitle: String
    /// The second side's title.
    public let secondTitle: String

    /// Compares two exchanges that both got a response (one without compares as an empty 0 response).
    public init(_ first: HistoryExchange, _ second: HistoryExchange, ignoring: [String] = ["Date"]) {
        self.init(first, secondTitle: HistoryComparison.title(second), status: second.response?.status ?? 0,
                  headers: second.response?.headers ?? [], body: HistoryComparison.comparedBody(second.response), ignoring: ignoring)
    }

    /// Compares a kept exchange with another response given by its parts (the live one).
    public init(_ first: HistoryExchange, secondTitle: String, status: Int, headers: [Header], body: Data, ignoring: [String] = ["Date"]) {
        comparison = ResponseComparison(firstStatus: first.response?.status ?? 0, firstHeaders: HTTPHeaders(first.response?.headers ?? []),
                                        firstBody: HistoryComparison.comparedBody(first.response), secondStatus: status,
                                        secondHeaders: HTTPHeaders(headers), secondBody: body, ignoring: ignoring)
        firstTitle = HistoryComparison.title(first)
        self.secondTitle = secondTitle
    }

    /// True when status, compared headers and body are the same.
    public var isIdentical: Bool { comparison.isIdentical }

    /// The report, as `diff` prints it (history is already masked).
    public func report(limit: Int = 200) -> [ComparisonLine] {
        comparison.report(firstTitle: firstTitle, secondTitle: secondTitle, masker: SecretMasker(secrets: []), limit: limit)
    }

    /// What is compared as a response's body: the body, or for a WebSocket conversation, which has none, its messages
    /// one a line (`→ ` sent, `← ` received), so two conversations that differ do not compare as the same.
    public static func comparedBody(_ response: HistoryResponse?) -> Data {
        guard let response else { return Data() }
        guard response.body.data.isEmpty, let events = response.events, !events.isEmpty else { return response.body.data }
        let lines = events.map { event in (event.kind == .sent ? "→ " : event.kind == .message ? "← " : "") + event.data }
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// `#12 local 2026-11-24 23:41:05  GET http://…  200 OK  12 ms  345 B`.
    public static func title(_ exchange: HistoryExchange) -> String {
        let outcome = exchange.response.map {
            "\($0.status) \($0.reason)  \(MeasurementText.duration($0.duration))  \(MeasurementText.byteCount($0.body.size))"
        } ?? "failed"
        return "#\(exchange.id ?? 0) \(exchange.environment ?? "-") \(MeasurementText.timestamp(exchange.sentAt))  "
            + "\(exchange.request.method) \(exchange.request.url)  \(outcome)"
    }
}
