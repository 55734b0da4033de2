import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ExplorerCore

extension HistoryExchange {
    /// The exchange of a saved request as history stores it: the request as it went out and the response (or
    /// `failure`, the error in words), every secret masked and bodies kept within `limits`.
    public static func recording(_ resolved: ResolvedRequest, response: Request.Response?, failure: String?, source: String,
                                 sentAt: Date, limits: HistoryLimits = HistoryLimits()) -> HistoryExchange {
        recording(resolved.request, secrets: resolved.secretValues, reference: resolved.reference.isEmpty ? nil : resolved.reference,
                  environment: resolved.environment?.name, response: response, failure: failure, source: source,
                  sentAt: sentAt, limits: limits)
    }

    /// The exchange of any request as history stores it (see the other `recording`).
    public static func recording(_ request: Request, secrets: [String], reference: String?, environment: String?,
                                 response: Request.Response?, failure: String?, source: String, sentAt: Date,
                                 limits: HistoryLimits = HistoryLimits()) -> HistoryExchange {
        let sent = SentRequest(response?.request ?? request, response: response)
        let responseHeaders = response?.headers.fields ?? []
        let masking = HistoryMasking(secrets: secrets, requestHeaders: sent.headers, url: sent.url, responseHeaders: responseHeaders,
                                     authentication: request.authentication)
        let stored = HistoryRequest(method: sent.method, url: sent.url.map(masking.url) ?? masking.text(sent.urlText),
                                    headers: masking.headers(sent.headers), body: masking.body(sent.body, limits: limits))
        let answer = response.map { response in
            var body = masking.body(response.data, limits: limits)
            // A stream keeps its events, not its bytes, and the proxy keeps only the start of a large body: the size is
            // what arrived, not what was kept.
            if response.byteCount > response.data.count {
                body.size = response.byteCount
                body.isTruncated = body.isTruncated || !response.data.isEmpty
            }
            var kept = HistoryResponse(status: response.statusCode, reason: response.reasonPhrase, headers: masking.headers(responseHeaders),
                                       body: body, duration: response.duration,
                                       finalURL: response.wasRedirected ? response.url.map(masking.url) : nil, wireSize: response.wireByteCount)
            kept.events = response.events.map { masking.events($0, limits: limits) }
            kept.timing = HistoryTiming(response.timing, connection: response.connection)
            return kept
        }
        return HistoryExchange(sentAt: sentAt, reference: reference, environment: environment, source: source, request: stored,
                               response: answer, error: failure.map(masking.text))
    }
}
