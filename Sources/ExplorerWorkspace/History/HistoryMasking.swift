import ExplorerCore
import Foundation

/// Hides every credential an exchange carries before history stores it: the collection's secret values, and the
/// values of headers and query parameters that hold credentials (bearer tokens, Basic passwords, cookies, API keys),
/// wherever they appear again (a server echoing a token in its body).
struct HistoryMasking {
    let masker: SecretMasker
    let redactor = SecretRedactor()

    init(secrets: [String], requestHeaders: [Header], url: URL?, responseHeaders: [Header], authentication: Authentication? = nil) {
        let redactor = SecretRedactor()
        var values = secrets
        for header in requestHeaders + responseHeaders where redactor.isSecret(header.name) {
            values += HistoryMasking.credentials(name: header.name, value: header.value)
        }
        // The request's own credentials, whatever their header or parameter is called (an API key named `X-Shop`).
        switch authentication {
        case let .basic(username, password)?: values += [password, "\(username):\(password)"]
        case let .bearer(token)?: values.append(token)
        case let .apiKey(_, value, _)?: values.append(value)
        // Neither goes on the wire (only hashes and signatures made with it do), but a server may echo it back.
        case let .digest(_, password)?: values.append(password)
        case let .aws(credentials)?: values += [credentials.secretKey] + (credentials.sessionToken.map { [$0] } ?? [])
        case let .oauth2(credential)?: values += credential.secretValues
        case nil: break
        }
        if let url {
            if let password = url.password {
                // The transport turns `user:password@` into a Basic header of its own.
                let pair = "\(url.user ?? ""):\(password)"
                values += [password, pair, Data(pair.utf8).base64EncodedString()]
            }
            for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] where redactor.isSecret(item.name) {
                values += item.value.map { [$0] } ?? []
            }
        }
        // The masker hides each value's encoded forms too (percent, form, JSON-escaped).
        masker = SecretMasker(secrets: values)
    }

    /// The secret parts of a credential-carrying header value: the whole value, the credential after the scheme, a
    /// Basic pair and its password, and each cookie's value.
    static func credentials(name: String, value: String) -> [String] {
        var found = [value.trimmingCharacters(in: .whitespaces)]
        let lower = name.lowercased()
        if lower == "cookie" || lower == "set-cookie" {
            let pairs = value.split(separator: ";")
            for pair in lower == "cookie" ? pairs[...] : pairs.prefix(1) {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                found.append(pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces))
            }
        } else if let space = value.firstIndex(of: " ") {
            let scheme = value[..<space].lowercased()
            let credential = value[value.index(after: space)...].trimmingCharacters(in: .whitespaces)
            found.append(credential)
            if scheme == "basic", let data = Data(base64Encoded: credential), let pair = String(data: data, encoding: .utf8) {
                found.append(pair)
                if let colon = pair.firstIndex(of: ":") { found.append(String(pair[pair.index(after: colon)...])) }
            }
        }
        return found
    }

    /// Headers with credential values redacted and secrets masked.
    func headers(_ headers: [Header]) -> [Header] {
        headers.map { Header($0.name, masker.mask(redactor.redact(name: $0.name, value: $0.value))) }
    }

    /// A URL with secret query values, a password and secret values in the fragment (`#access_token=…` after a
    /// redirect) masked, and every known secret.
    func url(_ url: URL) -> String {
        var text = masker.mask(redactor.redact(url: url))
        var hidden = url.password.map { [$0] } ?? []
        if let fragment = url.fragment, let items = URLComponents(string: "?" + fragment)?.queryItems {
            hidden += items.filter { redactor.isSecret($0.name) }.compactMap(\.value)
        }
        for value in hidden where !value.isEmpty { text = text.replacingOccurrences(of: value, with: SecretMasker.mask) }
        return text
    }

    /// Text with secrets masked.
    func text(_ text: String) -> String { masker.mask(text) }

    /// A body within `limits`, secrets masked. A cut body loses a trailing part of a secret too, so no prefix of one
    /// is left at the cut.
    /// A streamed response's events with secrets masked, from the first, as many as the body limit holds of their data.
    func events(_ events: [StreamEvent], limits: HistoryLimits) -> [StreamEvent] {
        var kept: [StreamEvent] = []
        var bytes = 0
        for event in events {
            bytes += event.data.utf8.count
            guard bytes <= limits.bodyBytes else { break }
            var masked = event
            masked.data = text(event.data)
            masked.id = event.id.map(text)
            masked.event = event.event.map(text)
            kept.append(masked)
        }
        return kept
    }

    func body(_ data: Data, limits: HistoryLimits) -> HistoryBody {
        let isTruncated = data.count > limits.bodyBytes
        let kept = isTruncated ? (limits.keepsLargeBodyStart ? Data(data.prefix(limits.bodyBytes)) : Data()) : data
        var bytes = masker.mask(utf8: Array(kept))
        if isTruncated {
            for secret in masker.secrets {
                let needle = Array(secret.utf8)
                for length in stride(from: min(needle.count - 1, bytes.count), through: 1, by: -1)
                where bytes.suffix(length).elementsEqual(needle.prefix(length)) {
                    bytes.removeLast(length)
                    break
                }
            }
        }
        return HistoryBody(data: Data(bytes), size: data.count, isTruncated: isTruncated)
    }
}
