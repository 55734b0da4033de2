import ExplorerCore
import ExplorerWorkspace
import Foundation

extension ResponseSummary {
    /// A kept exchange's response, marked as past; nil when the exchange got no response.
    public init?(past exchange: HistoryExchange) {
        guard let response = exchange.response else { return nil }
        self.init(statusCode: response.status, reason: response.reason, duration: response.duration, byteCount: response.body.size,
                  redirectedTo: response.finalURL, headers: response.headers.map { ($0.name, $0.value) },
                  body: BodyDocument(response.body.data, contentType: response.header("Content-Type")), data: response.body.data)
        wireByteCount = response.wireSize
        events = response.events
        eventCount = response.events?.count ?? 0
        if exchange.request.method == HistoryExchange.grpcMethod {
            grpcStatus = GRPCStatusCode.allCases.first { response.reason.hasPrefix($0.name) }
            statusCode = grpcStatus.map(ResponseSummary.httpClass) ?? statusCode
        }
        past = PastExchange(id: exchange.id ?? 0, sentAt: exchange.sentAt, environment: exchange.environment,
                            keptBytes: response.body.isTruncated ? response.body.data.count : nil)
    }
}
