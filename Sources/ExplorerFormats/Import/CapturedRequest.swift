import ExplorerCore
import ExplorerWorkspace
import Foundation

/// A request seen on the wire (captured by the proxy, or kept in history) as a saved request: the headers a client
/// adds on its own left out, credentials replaced by secret `{{variables}}`, the body as the file keeps it.
public enum CapturedRequest {
    /// Headers a saved request leaves to the transport or that only describe the client.
    static let dropped: Set<String> = ["host", "content-length", "accept-encoding", "connection", "proxy-connection", "expect"]

    /// Whether a header holds a credential: `Authorization`, `Cookie`, or a name that says so (`X-API-Key`).
    public static func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "authorization" || lower == "cookie" || SecretRedactor().isSecret(name)
    }

    /// Whether a query parameter holds a credential (`api_key`, `token`…).
    public static func isSecretParameter(_ name: String) -> Bool {
        SecretRedactor().isSecret(name)
    }

    /// `X-API-Key` → `xApiKey`, `Authorization` → `authorization`: the variable that stands for a credential.
    public static func variableName(_ name: String) -> String {
        let words = name.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).map { $0.lowercased() }
        guard let first = words.first else { return "secret" }
        let joined = first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined.first?.isNumber == true ? "v" + joined : joined
    }

    /// The headers a saved request keeps, credentials as `{{variables}}`.
    public static func headers(_ headers: [Header]) -> [KeyValue] {
        headers.compactMap { header in
            let lower = header.name.lowercased()
            if dropped.contains(lower) || HARImporter.isNoise(header.name) { return nil }
            return KeyValue(header.name, isSecretHeader(header.name) ? "{{\(variableName(header.name))}}" : header.value)
        }
    }

    /// Query parameters as the file keeps them (decoded), credentials as `{{variables}}`.
    public static func query(_ items: [URLQueryItem]) -> [KeyValue] {
        items.map { item in
            KeyValue(item.name, isSecretParameter(item.name) ? "{{\(variableName(item.name))}}" : (item.value.map { $0.removingPercentEncoding ?? $0 } ?? ""))
        }
    }

    /// The body as the request file keeps it: JSON, form fields, or text with its type; a body that is not UTF-8
    /// text is left out (its type header with it), as is one that arrived cut short.
    public static func body(_ data: Data, headers: inout [KeyValue]) -> BodySpec {
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

    /// A kept exchange's request as a new saved request named `METHOD /path`; its URL starts with `{{baseURL}}` when it
    /// lies under `baseURL`. Credentials were masked in history, so they come back as variables with no value.
    public static func request(from exchange: HistoryExchange, baseURL: String?) -> RequestSpec {
        let sent = exchange.request
        let components = URLComponents(string: sent.url)
        var url = sent.url
        if let mark = url.firstIndex(of: "?") { url = String(url[..<mark]) }
        if let baseURL, !baseURL.isEmpty {
            let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
            if url == base || url.hasPrefix(base + "/") { url = "{{baseURL}}" + url.dropFirst(base.count) }
        }
        var headers = self.headers(sent.headers)
        let body = sent.body.isTruncated ? BodySpec.none : self.body(sent.body.data, headers: &headers)
        let path = components?.percentEncodedPath ?? ""
        let name = "\(sent.method) \(path.isEmpty ? "/" : path)"
        return RequestSpec(name: name, slug: ImportSlug.make(name), method: sent.method, url: url,
                           query: query(components?.percentEncodedQueryItems ?? []), headers: headers, body: body)
    }
}
