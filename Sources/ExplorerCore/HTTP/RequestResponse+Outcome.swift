import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request.Response {
    /// The response `outcome`, the last hop of attempt `attempt` after the redirects `hops`, brought.
    init(request: Request, response: HTTPURLResponse, outcome: HopReceiver.Outcome, attempt: Int, hops: [RedirectHop],
         duration: TimeInterval, totalDuration: TimeInterval) {
        self.init(request: request, urlResponse: response, data: outcome.data, duration: duration, totalDuration: totalDuration,
                  attempts: attempt, isBodyOnDisk: outcome.isOnDisk, hops: hops, connection: outcome.connection,
                  timing: outcome.timing, headers: outcome.headers)
        setCookies = hops.flatMap(\.setCookies) + outcome.setCookies
        wireByteCount = outcome.wireByteCount
        // In the order of the request's own headers; injectors are not asked again (each call may count or differ).
        if let sentFields = outcome.sentFields {
            sentHeaders = SentRequest.headers(in: request.effectiveHeaders.fields, sent: sentFields)
        }
    }
}
