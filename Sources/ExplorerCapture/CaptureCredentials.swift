import ExplorerCore
import Foundation

/// The credentials a captured request carries, each with the secret variable that stands for it in a saved request.
enum CaptureCredentials {
    /// A credential: where it was (a header or a query parameter, by name), its variable and its value.
    struct Credential: Equatable {
        let name: String
        let inQuery: Bool
        let variable: String
        let value: String
    }

    /// `Authorization`, `Cookie` and every header or query parameter whose name says it holds a secret.
    static func found(in exchange: CapturedExchange, query: [URLQueryItem]) -> [Credential] {
        let redactor = SecretRedactor()
        var found: [Credential] = []
        for header in exchange.request.headers where isSecretHeader(header.name, redactor: redactor) {
            found.append(Credential(name: header.name, inQuery: false, variable: variableName(header.name), value: header.value))
        }
        for item in query where redactor.isSecret(item.name) {
            let value = item.value.map { $0.removingPercentEncoding ?? $0 } ?? ""
            found.append(Credential(name: item.name, inQuery: true, variable: variableName(item.name), value: value))
        }
        return found
    }

    /// Whether a header holds a credential.
    static func isSecretHeader(_ name: String, redactor: SecretRedactor = SecretRedactor()) -> Bool {
        let lower = name.lowercased()
        return lower == "authorization" || lower == "cookie" || redactor.isSecret(name)
    }

    /// `X-API-Key` → `xApiKey`, `Authorization` → `authorization`: a variable name from a header or parameter name.
    static func variableName(_ name: String) -> String {
        let words = name.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).map { $0.lowercased() }
        guard let first = words.first else { return "secret" }
        let joined = first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined.first?.isNumber == true ? "v" + joined : joined
    }
}
