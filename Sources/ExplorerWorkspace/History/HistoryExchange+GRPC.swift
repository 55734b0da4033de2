import ExplorerCore
import Foundation

extension HistoryExchange {
    /// The method a gRPC call is kept under.
    public static let grpcMethod = "GRPC"

    /// A gRPC call as history keeps it: method `GRPC`, the URL with the method's path (`grpc://host:port/pkg.Svc/M`),
    /// the metadata and the request messages as the request; the status text as the reason, headers and trailers as
    /// headers, the replies as the body and as events with their times. Secrets masked as an HTTP exchange's are;
    /// `failure` says why there was no call.
    public static func recording(grpcCallOf resolved: ResolvedRequest, url: URL, metadata: [(name: String, value: String)], sent: String,
                                 status: String?, headers: [(name: String, value: String)], body: String, replies: [StreamEvent],
                                 duration: Double, failure: String?, source: String, sentAt: Date,
                                 limits: HistoryLimits = HistoryLimits()) -> HistoryExchange {
        let sentHeaders = metadata.map { Header($0.name, $0.value) }
        let answerHeaders = headers.map { Header($0.name, $0.value) }
        let masking = HistoryMasking(secrets: resolved.secretValues, requestHeaders: sentHeaders, url: url, responseHeaders: answerHeaders,
                                     authentication: resolved.request.authentication)
        let request = HistoryRequest(method: grpcMethod, url: masking.url(url), headers: masking.headers(sentHeaders),
                                     body: masking.body(Data(sent.utf8), limits: limits))
        let response = status.map { status in
            var kept = HistoryResponse(status: 200, reason: status, headers: masking.headers(answerHeaders),
                                       body: masking.body(Data(body.utf8), limits: limits), duration: duration, finalURL: nil)
            kept.events = masking.events(replies, limits: limits)
            return kept
        }
        return HistoryExchange(sentAt: sentAt, reference: resolved.reference.isEmpty ? nil : resolved.reference,
                               environment: resolved.environment?.name, source: source, request: request, response: response,
                               error: response == nil ? failure.map(masking.text) : nil)
    }
}
