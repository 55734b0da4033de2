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

    /// A header's credential and the variable that stands for it: after an `Authorization` scheme the credential alone
    /// (`Bearer {{bearerToken}}`, so Basic and Bearer on one API stay two variables), else the whole value.
    public static func credential(in header: Header) -> (prefix: String, variable: String, value: String) {
        let value = header.value.trimmingCharacters(in: .whitespaces)
        if header.name.lowercased() == "authorization", let space = value.firstIndex(of: " ") {
            let scheme = String(value[..<space])
            if scheme.allSatisfy({ $0.isASCII && $0.isLetter }) {
                let variable = scheme.lowercased() == "bearer" ? "bearerToken" : scheme.lowercased() + "Credentials"
                return (scheme + " ", variable, value[value.index(after: space)...].trimmingCharacters(in: .whitespaces))
            }
        }
        return ("", variableName(header.name), header.value)
    }

    /// The headers a saved request keeps, credentials as `{{variables}}`.
    public static func headers(_ headers: [Header]) -> [KeyValue] {
        headers.compactMap { header in
            let lower = header.name.lowercased()
            if dropped.contains(lower) || HARImporter.isNoise(header.name) { return nil }
            guard isSecretHeader(header.name) else { return KeyValue(header.name, header.value) }
            let found = credential(in: header)
            return KeyValue(header.name, found.prefix + "{{\(found.variable)}}")
        }
    }

    /// Query parameters as the file keeps them (decoded), credentials as `{{variables}}`.
    public static func query(_ items: [URLQueryItem]) -> [KeyValue] {
        items.map { item in
            KeyValue(item.name, isSecretParameter(item.name) ? "{{\(variableName(item.name))}}" : (item.value.map { $0.removingPercentEncoding ?? $0 } ?? ""))
        }
    }

    /// The credentials a body carries at its top level (a form field or a JSON member named `password`,
    /// `client_secret`, `token`…): each field's name and value.
    public static func bodySecrets(_ data: Data, contentType: String?) -> [(name: String, value: String)] {
        let lower = contentType?.lowercased() ?? ""
        if lower.contains("json") {
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
            return object.keys.sorted().compactMap { key in
                guard isSecretParameter(key), let value = object[key] as? String else { return nil }
                return (key, value)
            }
        }
        guard lower.hasPrefix("application/x-www-form-urlencoded"), let text = String(data: data, encoding: .utf8) else { return [] }
        return QueryEncoding.decode(text).compactMap { item in isSecretParameter(item.name) ? (item.name, item.value ?? "") : nil }
    }

    /// An answer's body with the credentials it carries at its top level (`access_token`, `token`…) masked.
    public static func maskingSecrets(_ body: String, contentType: String?) -> String {
        var text = body
        for secret in bodySecrets(Data(body.utf8), contentType: contentType) where !secret.value.isEmpty {
            text = text.replacingOccurrences(of: JSONValue.quoted(secret.value), with: JSONValue.quoted(SecretMasker.mask))
        }
        return text
    }

    /// The body as the request file keeps it: JSON, form fields, or text with its type, credentials at its top level
    /// as `{{variables}}`; a body that is not UTF-8 text is left out (its type header with it).
    public static func body(_ data: Data, headers: inout [KeyValue]) -> BodySpec {
        guard !data.isEmpty else { return .none }
        let contentType = headers.last { $0.name.lowercased() == "content-type" }?.value
        guard var text = String(data: data, encoding: .utf8), !text.contains("\0") else {
            headers.removeAll { $0.name.lowercased() == "content-type" }
            return .none
        }
        let lower = contentType?.lowercased() ?? ""
        if lower.contains("json") {
            headers.removeAll { $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("application/json") }
            // The value's own JSON text is replaced where it stands, so the body keeps its layout.
            for secret in bodySecrets(data, contentType: contentType) {
                text = text.replacingOccurrences(of: JSONValue.quoted(secret.value), with: JSONValue.quoted("{{\(variableName(secret.name))}}"))
            }
            return .json(text)
        }
        if lower.hasPrefix("application/x-www-form-urlencoded"), QueryEncoding.formEncode(QueryEncoding.decode(text)) == text {
            headers.removeAll { $0.name.lowercased() == "content-type" }
            return .form(QueryEncoding.decode(text).map { item in
                KeyValue(item.name, isSecretParameter(item.name) ? "{{\(variableName(item.name))}}" : item.value ?? "")
            })
        }
        headers.removeAll { $0.name.lowercased() == "content-type" }
        return .text(text, contentType: contentType)
    }

    /// The `{{variables}}` a request made from a capture asks for (its credentials), in order, each once.
    public static func variables(in request: RequestSpec) -> [String] {
        var texts = request.headers.map(\.value) + request.query.map(\.value)
        switch request.body {
        case let .json(text), let .text(text, _): texts.append(text)
        case let .form(fields): texts += fields.map(\.value)
        default: break
        }
        var found: [String] = []
        for text in texts {
            var rest = text[...]
            while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
                let name = "{{" + rest[open.upperBound..<close.lowerBound] + "}}"
                if !found.contains(name) { found.append(name) }
                rest = rest[close.upperBound...]
            }
        }
        return found
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
