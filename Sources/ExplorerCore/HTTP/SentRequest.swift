import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as it goes out on the wire: the URL, headers in order (injected ones, the default User-Agent and the
/// body's type included) and the encoded body.
package struct SentRequest {
    package var method: String
    package var url: URL?
    package var urlText: String
    package var headers: [Header]
    package var body: Data

    /// `response`, when given, supplies the headers its final hop carried (cookies and per-hop credentials included).
    package init(_ request: Request, response: Request.Response? = nil) {
        method = request.httpMethod.rawValue
        url = request.url
        urlText = request.url?.absoluteString ?? request.baseURLString
        headers = SentRequest.plannedHeaders(of: request)
        body = (try? request.body?.encoded()) ?? Data()
        if let wire = try? request.makeURLRequest() {
            headers = SentRequest.headers(in: headers, sent: wire.allHTTPHeaderFields ?? [:])
            if let data = wire.httpBody { body = data }
        }
        if let sent = response?.sentHeaders, !sent.isEmpty { headers = sent }
    }

    /// The request's own headers and injected ones, each name once, in the request's order.
    static func plannedHeaders(of request: Request) -> [Header] {
        var fields = request.effectiveHeaders
        for injector in request.hooks.headerInjectors { fields = fields.merging(injector(request)) }
        var seen = Set<String>()
        return fields.fields.filter { seen.insert($0.name.lowercased()).inserted }.map { Header($0.name, fields[$0.name] ?? $0.value) }
    }

    /// The fields of a hop as sent (a URLRequest's, which keep no order) put in the order of `order` (the request's
    /// headers), then those the core added (User-Agent, the body's type, cookies, credentials) by name, so printing
    /// and history list them alike every time.
    static func headers(in order: [Header], sent fields: [String: String]) -> [Header] {
        var remaining: [String: Header] = [:]
        for (name, value) in fields { remaining[name.lowercased()] = Header(name, value) }
        var headers: [Header] = []
        for planned in order {
            guard let sent = remaining.removeValue(forKey: planned.name.lowercased()) else { continue }
            headers.append(Header(planned.name, sent.value))
        }
        return headers + remaining.values.sorted { $0.name < $1.name }
    }
}
