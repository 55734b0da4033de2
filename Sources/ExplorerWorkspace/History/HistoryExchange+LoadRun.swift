import ExplorerCore
import Foundation

extension HistoryExchange {
    /// The method a load run is kept under, so the list tells it from a single exchange.
    public static let loadRunMethod = "LOAD"

    /// A load test of `resolved` as history keeps it: the request as it went out (secrets masked), and as the response
    /// the summary's text (`summary`), how long the test lasted, and no status.
    public static func recording(loadRunOf resolved: ResolvedRequest, summary: String, elapsed: Double, source: String, sentAt: Date,
                                 limits: HistoryLimits = HistoryLimits()) -> HistoryExchange {
        var kept = recording(resolved, response: nil, failure: nil, source: source, sentAt: sentAt, limits: limits)
        kept.request.method = loadRunMethod
        let masking = HistoryMasking(secrets: resolved.secretValues, requestHeaders: [], url: nil, responseHeaders: [],
                                     authentication: resolved.request.authentication)
        kept.response = HistoryResponse(status: 0, reason: "load test", headers: [Header("Content-Type", "text/plain; charset=utf-8")],
                                        body: masking.body(Data(summary.utf8), limits: limits), duration: elapsed, finalURL: nil)
        kept.error = nil
        return kept
    }
}
