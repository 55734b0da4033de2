import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// A captured route as a saved request: `{{baseURL}}` and its path template, the first exchange's query, headers
/// (without the client's noise) and body, credentials as secret variables.
enum CaptureRequestBuilder {
    /// Headers a saved request leaves to the transport or that only describe the client.
    static let dropped: Set<String> = ["host", "content-length", "accept-encoding", "connection", "proxy-connection", "expect"]

    static func request(for route: CaptureRoute) -> RequestSpec {
        let exchange = route.first
        let components = exchange.request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        let query = components?.percentEncodedQueryItems ?? []
        let credentials = CaptureCredentials.found(in: exchange, query: query)
        let secretHeaders = Dictionary(credentials.filter { !$0.inQuery }.map { ($0.name.lowercased(), $0.variable) }, uniquingKeysWith: { first, _ in first })
        let secretQuery = Dictionary(credentials.filter(\.inQuery).map { ($0.name, $0.variable) }, uniquingKeysWith: { first, _ in first })
        var headers: [KeyValue] = []
        for header in exchange.request.headers {
            let lower = header.name.lowercased()
            if dropped.contains(lower) || HARImporter.isNoise(header.name) { continue }
            headers.append(KeyValue(header.name, secretHeaders[lower].map { "{{\($0)}}" } ?? header.value))
        }
        let items = query.map { item in
            KeyValue(item.name, secretQuery[item.name].map { "{{\($0)}}" } ?? (item.value.map { $0.removingPercentEncoding ?? $0 } ?? ""))
        }
        let body = self.body(exchange.requestBody, headers: &headers)
        let name = "\(route.method) \(route.template)"
        return RequestSpec(name: name, slug: ImportSlug.make(name), method: route.method, url: "{{baseURL}}" + route.template, query: items,
                           headers: headers, body: body, variables: route.variables)
    }

    /// The body as the request file keeps it: JSON, form fields, or text with its type; a body that is not UTF-8
    /// text is left out (its type header with it).
    static func body(_ data: Data, headers: inout [KeyValue]) -> BodySpec {
        guard !data.isEmpty else { return .none }
        let contentType = headers.last { $0.name.lowercased() == "content-type" }?.value
        guard let text = String(data: data, encoding: .utf8), !text.contains("\0") else {
            headers.removeAll { $0.name.lowercased() == "content-type" }
            return .none
        }
        let lower = contentType?.lowercased() ?? ""
        if lower.contains("json") {
            headers.removeAll { $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("application/json") }
            return .json(text)
        }
        if lower.hasPrefix("application/x-www-form-urlencoded"), QueryEncoding.formEncode(QueryEncoding.decode(text)) == text {
            headers.removeAll { $0.name.lowercased() == "content-type" }
            return .form(QueryEncoding.decode(text).map { KeyValue($0.name, $0.value ?? "") })
        }
        headers.removeAll { $0.name.lowercased() == "content-type" }
        return .text(text, contentType: contentType)
    }
}
