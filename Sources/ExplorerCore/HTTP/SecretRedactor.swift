import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Masks values of headers and query parameters that carry credentials before anything is logged or shown.
public struct SecretRedactor: Sendable {
    /// Header and query names (lower-cased) whose values are secret.
    public var secretNames: Set<String>

    /// Creates a redactor; the defaults cover Authorization, cookies, and the usual API-key names.
    public init(secretNames: Set<String> = SecretRedactor.defaultSecretNames) {
        self.secretNames = Set(secretNames.map { $0.lowercased() })
    }

    /// Names treated as secret unless configured otherwise.
    public static let defaultSecretNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "apikey",
        "x-auth-token", "x-access-token", "access_token", "api_key", "token", "client_secret", "password",
    ]

    /// True when a header or query name holds a secret.
    public func isSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        return secretNames.contains(lower) || lower.contains("secret") || lower.contains("token") || lower.hasSuffix("-key")
    }

    /// The value to show for a header: the scheme of an Authorization value is kept, the credential never.
    public func redact(name: String, value: String) -> String {
        guard isSecret(name) else { return value }
        let lower = name.lowercased()
        if lower == "authorization" || lower == "proxy-authorization",
           let space = value.firstIndex(of: " ") {
            return "\(value[..<space]) ••••••"
        }
        return "••••••"
    }

    /// Headers with every secret value masked.
    public func redact(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(headers.fields.map { Header($0.name, redact(name: $0.name, value: $0.value)) })
    }

    /// The headers a request went out with, those added as it was sent (an OAuth 2.0 token, a Digest answer, a SigV4
    /// signature, a cookie from the jar) redacted: no masker knows their values. `own` are the headers the request
    /// itself set; they are left for a masker of its secrets.
    public func redactAdded(_ sent: [Header], own: [Header]) -> [Header] {
        let set = Set(own.map { $0.name.lowercased() + ":" + $0.value })
        return sent.map { field in
            set.contains(field.name.lowercased() + ":" + field.value) ? field : Header(field.name, redact(name: field.name, value: field.value))
        }
    }

    /// A URL string with secret query values masked.
    public func redact(url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let items = components.queryItems, items.contains(where: { isSecret($0.name) }) else {
            return url.absoluteString
        }
        let query = items.map { item in
            let value = isSecret(item.name) ? "••••••" : QueryEncoding.encode(item.value ?? "")
            return "\(QueryEncoding.encode(item.name))=\(value)"
        }.joined(separator: "&")
        // The mask is not a legal query character, so it is spliced into the text rather than set on the components.
        let fragment = components.percentEncodedFragment
        components.percentEncodedQuery = nil
        components.percentEncodedFragment = nil
        let base = components.string ?? url.absoluteString
        return base + "?" + query + (fragment.map { "#" + $0 } ?? "")
    }
}
