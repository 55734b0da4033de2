import ExplorerCore
import Foundation

extension HistoryExchange {
    /// A WebSocket conversation as history stores it: the handshake as it went out (method `WS`, its URL, the headers
    /// of `options` and the subprotocols offered),
    /// the server's 101 and headers (nil when the handshake failed, `failure` then saying why), and every message sent
    /// and received with its time as the response's events, as many as `limits` keeps, every secret masked as an HTTP
    /// exchange's are.
    public static func recording(conversationOf resolved: ResolvedRequest, url: URL, options: WebSocketOptions,
                                 responseHeaders: [(name: String, value: String)]?, events: [StreamEvent], duration: Double,
                                 failure: String?, source: String, sentAt: Date, limits: HistoryLimits = HistoryLimits()) -> HistoryExchange {
        var sentHeaders = options.headers.map { Header($0.name, $0.value) }
        if !options.protocols.isEmpty { sentHeaders.append(Header("Sec-WebSocket-Protocol", options.protocols.joined(separator: ", "))) }
        return recording(conversationAt: url, sentHeaders: sentHeaders, secrets: resolved.secretValues, authentication: resolved.request.authentication,
                         reference: resolved.reference.isEmpty ? nil : resolved.reference, environment: resolved.environment?.name,
                         responseHeaders: responseHeaders, events: events, duration: duration, failure: failure, source: source,
                         sentAt: sentAt, limits: limits)
    }

    /// A WebSocket conversation of any origin (one the proxy relayed) as history stores it: see the other `recording`.
    public static func recording(conversationAt url: URL, sentHeaders: [Header], secrets: [String], authentication: Authentication?,
                                 reference: String?, environment: String?, responseHeaders: [(name: String, value: String)]?,
                                 events: [StreamEvent], duration: Double, failure: String?, source: String, sentAt: Date,
                                 limits: HistoryLimits = HistoryLimits()) -> HistoryExchange {
        let answerHeaders = (responseHeaders ?? []).map { Header($0.name, $0.value) }
        let masking = HistoryMasking(secrets: secrets, requestHeaders: sentHeaders, url: url, responseHeaders: answerHeaders,
                                     authentication: authentication)
        let request = HistoryRequest(method: "WS", url: masking.url(url), headers: masking.headers(sentHeaders),
                                     body: HistoryBody(data: Data(), size: 0, isTruncated: false))
        let response = responseHeaders.map { _ in
            var kept = HistoryResponse(status: 101, reason: "Switching Protocols", headers: masking.headers(answerHeaders),
                                       body: HistoryBody(data: Data(), size: 0, isTruncated: false), duration: duration, finalURL: nil)
            kept.events = masking.events(events, limits: limits)
            return kept
        }
        return HistoryExchange(sentAt: sentAt, reference: reference, environment: environment, source: source, request: request,
                               response: response, error: response == nil ? failure.map(masking.text) : nil)
    }
}
